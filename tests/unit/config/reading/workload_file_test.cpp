#include "config/reading/workload_file.h"

#include <catch2/catch.hpp>
#include <string>

#include "support/temp_dir.h"

using versus::config::parse_workload_text;
using versus::sysbench::CustomWorkload;
using versus::sysbench::Generator;

namespace {

constexpr const char* kShop = R"(tables:
  - name: customers
    rows: 100
    create: CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(20), country CHAR(2))
    columns:
      - { column: id, generator: sequence }
      - { column: name, generator: string, length: 12 }
      - { column: country, generator: list, values: [DE, FR] }
  - name: orders
    rows: 1000
    create: |
      CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, amount INT)
    columns:
      - { column: id, generator: sequence }
      - { column: customer_id, generator: pareto, table: customers }
      - { column: amount, generator: gaussian, min: -5, max: 500 }
transactions:
  - name: lookup
    weight: 3
    transaction: false
    statements:
      - name: customer_by_id
        sql: SELECT name FROM customers WHERE id = ?
        params: [{ generator: uniform, table: customers }]
  - name: pay
    statements:
      - name: orders_of
        sql: "SELECT id FROM orders WHERE customer_id = ? AND amount > ? AND note <> '?'"
        params:
          - { generator: special, table: customers }
          - { generator: uniform, max: 10 }
      - name: rename
        sql: UPDATE customers SET name = ?, country = ? WHERE id = ?
        params:
          - { generator: string }
          - { generator: list, values: [US, JP] }
          - { generator: uniform, table: orders, max: 7 }
)";

CustomWorkload good(const std::string& text) {
  auto w = parse_workload_text(text, "shop.yaml", "shop");
  if (!w) FAIL(w.error().message);
  return *w;
}

std::string errors(const std::string& text) {
  auto w = parse_workload_text(text, "w.yaml", "w");
  REQUIRE_FALSE(w.has_value());
  return w.error().message;
}

// A workload file of one transaction whose one statement has `sql` and `params`.
std::string one_statement(const std::string& sql, const std::string& params) {
  return "tables:\n  - {name: t, rows: 10, create: CREATE TABLE t (id INT),"
         " columns: [{column: id, generator: sequence}]}\n"
         "transactions:\n  - name: x\n    statements:\n      - name: s\n        sql: " +
         sql + "\n        params: " + params + "\n";
}

}  // namespace

TEST_CASE("workload file: a complete file", "[config][workload_file]") {
  const CustomWorkload w = good(kShop);
  CHECK(w.name == "shop");
  CHECK(w.source == "shop.yaml");
  CHECK(w.text == kShop);
  REQUIRE(w.tables.size() == 2);
  CHECK(w.tables[0].name == "customers");
  CHECK(w.tables[0].rows == 100);
  CHECK(w.tables[0].line == 2);
  REQUIRE(w.tables[0].columns.size() == 3);
  CHECK(w.tables[0].columns[0].value.generator == Generator::sequence);
  CHECK(w.tables[0].columns[1].value.length == 12);
  CHECK(w.tables[0].columns[2].value.values == std::vector<std::string>{"DE", "FR"});
  CHECK(w.tables[1].create == "CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, amount INT)\n");
  const auto& customer = w.tables[1].columns[1].value;
  CHECK((customer.generator == Generator::pareto && customer.min == 1 && customer.max == 100));
  CHECK((w.tables[1].columns[2].value.min == -5 && w.tables[1].columns[2].value.max == 500));
  REQUIRE(w.transactions.size() == 2);
  CHECK(w.transactions[0].weight == 3);
  CHECK_FALSE(w.transactions[0].in_transaction);
  CHECK(w.transactions[1].weight == 1);
  CHECK(w.transactions[1].in_transaction);
  const auto& rename = w.transactions[1].statements[1];
  CHECK(rename.name == "rename");
  CHECK(rename.line == 33);  // its sql
  REQUIRE(rename.params.size() == 3);
  CHECK(rename.params[0].length == 10);  // the default
  CHECK((rename.params[2].min == 1 && rename.params[2].max == 7));  // max given beside table
  CHECK(w.transactions[1].statements[0].params[1].max == 10);
}

TEST_CASE("workload file: the name key replaces the file's", "[config][workload_file]") {
  CHECK(good(std::string("name: my_app\n") + kShop).name == "my_app");
}

TEST_CASE("workload file: tables are optional", "[config][workload_file]") {
  const CustomWorkload w = good(
      "transactions: [{name: t, statements: [{name: s, sql: 'SELECT c FROM sbtest1 WHERE id = ?',"
      " params: [{generator: uniform, max: 10000}]}]}]");
  CHECK(w.tables.empty());
  CHECK(w.transactions[0].statements[0].params[0].max == 10000);
}

TEST_CASE("workload file: every error names file, line and key", "[config][workload_file]") {
  CHECK(errors("") == "w.yaml:1: expected a map of workload file keys (at least 'transactions'), "
                      "got an empty file");
  CHECK(errors("transaction: []\n") ==
        "w.yaml:1: unknown key 'transaction' (did you mean 'transactions'?)\n"
        "w.yaml:1: missing required key 'transactions'");
  CHECK(errors(one_statement("SELECT ?", "[{generator: unifrom, max: 3}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0].generator: expected one of sequence, "
        "uniform, gaussian, special, pareto, zipfian, string, list, got 'unifrom' (did you mean "
        "'uniform'?)");
  CHECK(errors(one_statement("SELECT ?", "[{generator: uniform, table: tt}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0].table: the file creates no table "
        "'tt' (did you mean 't'?)");
  CHECK(errors(one_statement("SELECT ?, ?", "[{generator: uniform, max: 3}]")) ==
        "w.yaml:7: transactions[0].statements[0].sql: 2 ? placeholders but 1 params");
  CHECK(errors(one_statement("SELECT ?", "[{generator: uniform, max: 3, length: 4}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0].length: does not apply to generator "
        "'uniform'");
  CHECK(errors(one_statement("SELECT ?", "[{generator: string, values: [a]}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0].values: does not apply to generator "
        "'string'");
  CHECK(errors(one_statement("SELECT ?", "[{generator: uniform}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0]: missing required key 'max' or "
        "'table' (generator 'uniform')");
  CHECK(errors(one_statement("SELECT ?", "[{generator: uniform, min: 5, max: 3}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0]: min 5 is above max 3");
  CHECK(errors(one_statement("SELECT ?", "[{generator: list}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0]: missing required key 'values' "
        "(generator 'list')");
  CHECK(errors(one_statement("SELECT ?", "[{generator: sequence}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0]: generator 'sequence' as a parameter "
        "draws new ids: give 'table' (they start after its rows) or 'min' (the first)");
  CHECK(errors(one_statement("SELECT ?", "[{column: c, generator: uniform, max: 3}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0].column: applies to a table's columns[] "
        "only");
  CHECK(errors(one_statement("SELECT ?", "[{generator: list, values: [\"a\\nb\"]}]")).find(
            "params[0].values[0]: expected a one-line text of at most 128 bytes") !=
        std::string::npos);
}

TEST_CASE("workload file: table and name errors", "[config][workload_file]") {
  CHECK(errors("tables:\n  - {name: t, rows: 5, create: CREATE TABLE t (id INT)}\n"
               "transactions: [{name: x, statements: [{name: s, sql: SELECT 1}]}]\n") ==
        "w.yaml:2: tables[0].rows: 5 rows need 'columns' (a generator per column to fill)");
  CHECK(errors("tables:\n  - {name: t, create: ' '}\n"
               "transactions: [{name: x, statements: [{name: s, sql: SELECT 1}]}]\n") ==
        "w.yaml:2: tables[0].create: expected a non-empty text, got ' '");
  CHECK(errors("tables:\n  - {name: t, create: x, columns: [{generator: sequence}]}\n"
               "transactions: [{name: x, statements: [{name: s, sql: SELECT 1}]}]\n") ==
        "w.yaml:2: tables[0].columns[0]: missing required key 'column'");
  CHECK(errors("tables:\n  - {name: t, create: x}\n  - {name: t, create: y}\n"
               "transactions: [{name: x, statements: [{name: s, sql: SELECT 1}]}]\n") ==
        "w.yaml:3: tables[1]: table 't' is also at line 2");
  CHECK(errors("transactions:\n  - {name: x, statements: [{name: s, sql: SELECT 1}]}\n"
               "  - {name: y, statements: [{name: s, sql: SELECT 2}]}\n") ==
        "w.yaml:3: transactions[1].statements[0]: statement 's' is also at line 2");
  CHECK(errors("transactions:\n  - {name: x, statements: []}\n") ==
        "w.yaml:2: transactions[0].statements: expected a non-empty list of maps, got an empty "
        "list");
  CHECK(errors("transactions:\n  - {name: x, weight: 0, statements: [{name: s, sql: SELECT 1}]}\n") ==
        "w.yaml:2: transactions[0].weight: expected an integer 1..1000000, got '0'");
}

TEST_CASE("workload file: at most 10 parameters a statement", "[config][workload_file]") {
  std::string sql = "SELECT ?", params = "[{generator: uniform, max: 3}";
  for (int i = 1; i < 11; ++i) sql += ",?", params += ",{generator: uniform, max: 3}";
  CHECK(errors(one_statement(sql, params + "]")) ==
        "w.yaml:7: transactions[0].statements[0].sql: 11 placeholders (? and :name); at most 10");
}

TEST_CASE("workload file: tables filled from a CSV file or a SQL file", "[config][workload_file]") {
  versus::testing::TempDir tmp;
  tmp.write("data/regions.csv", "id,name\n1,north\n2,\"south, far\"\n3,\n");
  tmp.write("data/notes.sql", "INSERT INTO notes VALUES (1, 'a;b');\n");
  const std::string text =
      "tables:\n"
      "  - {name: regions, csv: data/regions.csv, create: 'CREATE TABLE regions (id INT, name TEXT)'}\n"
      "  - {name: notes, sql_file: data/notes.sql, create: 'CREATE TABLE notes (id INT, t TEXT)'}\n"
      "transactions:\n"
      "  - name: x\n    statements:\n      - name: s\n        sql: SELECT name FROM regions WHERE id = ?\n"
      "        params: [{generator: uniform, table: regions}]\n";
  auto w = parse_workload_text(text, "w.yaml", "w", tmp.path());
  if (!w) FAIL(w.error().message);
  REQUIRE(w->tables.size() == 2);
  const auto& regions = w->tables[0];
  CHECK(regions.data == versus::sysbench::TableData::csv);
  CHECK(regions.data_file == tmp.path() / "data/regions.csv");
  CHECK(regions.rows == 3);  // its records, for table: generators
  CHECK(regions.data_key.size() == 32);
  CHECK(w->transactions[0].statements[0].params[0].max == 3);
  CHECK(w->tables[1].data == versus::sysbench::TableData::sql);
  CHECK(w->tables[1].rows == 0);
  // The key follows the data file's content, not its name or the workload file's text.
  const std::string before = w->tables[1].data_key;
  tmp.write("data/notes.sql", "INSERT INTO notes VALUES (2, 'c');\n");
  auto changed = parse_workload_text(text, "w.yaml", "w", tmp.path());
  REQUIRE(changed);
  CHECK(changed->tables[1].data_key != before);
  CHECK(changed->tables[0].data_key == regions.data_key);
}

TEST_CASE("workload file: CSV and SQL file errors", "[config][workload_file]") {
  versus::testing::TempDir tmp;
  tmp.write("bad.csv", "id,name\n1\n");
  tmp.write("ok.csv", "id\n1\n");
  tmp.write("n.sql", "INSERT INTO t VALUES (1);\n");
  auto error = [&](const std::string& table, const std::string& params = "[]") {
    const std::string text = "tables:\n  - {name: t, create: CREATE TABLE t (id INT), " + table +
                             "}\ntransactions:\n  - name: x\n    statements:\n      - name: s\n"
                             "        sql: SELECT 1\n        params: " + params + "\n";
    auto w = parse_workload_text(text, "w.yaml", "w", tmp.path());
    REQUIRE_FALSE(w);
    std::string m = w.error().message;
    const auto at = m.find(tmp.path().string());
    return at == std::string::npos ? m : m.replace(at, tmp.path().string().size(), "DIR");
  };
  CHECK(error("csv: bad.csv") == "w.yaml:2: tables[0].csv: DIR/bad.csv:2: 1 fields; the header has 2");
  CHECK(error("csv: none.csv") ==
        "w.yaml:2: tables[0].csv: expected the path of an existing regular file, got 'none.csv' "
        "(DIR/none.csv: does not exist)");
  CHECK(error("csv: ok.csv, sql_file: n.sql") ==
        "w.yaml:2: tables[0]: give one of 'rows' (with 'columns'), 'csv' and 'sql_file': they "
        "are ways to fill the table");
  CHECK(error("csv: ok.csv, rows: 5") ==
        "w.yaml:2: tables[0]: give one of 'rows' (with 'columns'), 'csv' and 'sql_file': they "
        "are ways to fill the table");
  const std::string sql_ids = error("sql_file: n.sql", "[{generator: uniform, table: t}]");
  CHECK(sql_ids ==
        "w.yaml:8: transactions[0].statements[0].params[0].table: table 't' is filled by its "
        "'sql_file', whose row count is not known before it runs: give 'max'");
}
