#include "config/workload_file.h"

#include <catch2/catch.hpp>
#include <string>

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
        "w.yaml:8: transactions[0].statements[0].params[0].generator: generator 'sequence' "
        "fills columns only (a parameter: uniform with table:)");
  CHECK(errors(one_statement("SELECT ?", "[{column: c, generator: uniform, max: 3}]")) ==
        "w.yaml:8: transactions[0].statements[0].params[0]: key 'column' applies to columns[], "
        "not to params[]");
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
        "w.yaml:7: transactions[0].statements[0].params: 11 params; at most 10");
}
