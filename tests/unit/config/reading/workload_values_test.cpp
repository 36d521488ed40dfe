// A workload file's transactions with named values (:name), values read back (into:), LIMIT
// counts, new ids and foreign keys between its tables: what the parser makes of them, and
// its errors with the file, the line and the key.
#include <catch2/catch.hpp>
#include <string>

#include "config/reading/workload_file.h"

using versus::config::parse_workload_text;
using versus::sysbench::CustomWorkload;
using versus::sysbench::Generator;
using versus::sysbench::ValueSlot;

namespace {

constexpr const char* kTables = R"(tables:
  - name: events
    rows: 50
    create: CREATE TABLE events (id INT PRIMARY KEY, ticket_id INT, FOREIGN KEY (ticket_id) REFERENCES tickets (id))
    columns:
      - { column: id, generator: sequence }
      - { column: ticket_id, generator: uniform, table: tickets }
  - name: tickets
    rows: 20
    create: CREATE TABLE tickets (id INT PRIMARY KEY, owner INT, title VARCHAR(20))
    columns:
      - { column: id, generator: sequence }
)";

// kTables and one transaction `t` whose text (from "params:" or "statements:" on) is given.
std::string with_ticket_transaction(const std::string& body) {
  return std::string(kTables) + "transactions:\n  - name: t\n" + body;
}

constexpr const char* kAssign = R"(    params:
      - { name: ticket, generator: uniform, table: tickets }
      - { name: who, generator: list, values: [ann, bob] }
    statements:
      - name: read_ticket
        sql: SELECT owner, title FROM tickets WHERE id = :ticket FOR UPDATE
        into: [owner, title]
      - name: assign
        sql: UPDATE tickets SET owner = :owner + ?, title = :title WHERE id = :ticket AND :who <> ''
        params: [{ generator: uniform, min: 1, max: 9 }]
      - name: log
        sql: INSERT INTO events (id, ticket_id) VALUES (?, :ticket)
        params: [{ generator: sequence, table: events }]
      - name: recent
        sql: SELECT id FROM events WHERE ticket_id = :ticket ORDER BY id LIMIT ?
        params: [{ generator: uniform, min: 1, max: 5 }]
)";

CustomWorkload values_parsed(const std::string& text) {
  auto w = parse_workload_text(text, "w.yaml", "w");
  if (!w) FAIL(w.error().message);
  return *w;
}

std::string value_errors(const std::string& text) {
  auto w = parse_workload_text(text, "w.yaml", "w");
  REQUIRE_FALSE(w.has_value());
  return w.error().message;
}

bool same_slot(const ValueSlot& a, const ValueSlot& b) {
  return a.named == b.named && a.index == b.index;
}

}  // namespace

TEST_CASE("workload values: params drawn once, into: read back, slots in SQL order",
          "[config][workload_file]") {
  const CustomWorkload w = values_parsed(with_ticket_transaction(kAssign));
  const auto& t = w.transactions[0];
  REQUIRE(t.values.size() == 4);
  CHECK(t.values[0].name == "ticket");
  CHECK((t.values[0].statement == -1 && t.values[0].value.max == 20));
  CHECK(t.values[1].value.generator == Generator::list);
  CHECK((t.values[2].name == "owner" && t.values[2].statement == 0 && t.values[2].column == 0));
  CHECK((t.values[3].name == "title" && t.values[3].statement == 0 && t.values[3].column == 1));
  const auto& read = t.statements[0];
  CHECK(read.sql == "SELECT owner, title FROM tickets WHERE id = ? FOR UPDATE");
  CHECK(read.into == std::vector<std::size_t>{2, 3});
  REQUIRE(read.slots.size() == 1);
  CHECK(same_slot(read.slots[0], {true, 0}));
  const auto& assign = t.statements[1];
  CHECK(assign.sql == "UPDATE tickets SET owner = ? + ?, title = ? WHERE id = ? AND ? <> ''");
  REQUIRE(assign.slots.size() == 5);
  CHECK(same_slot(assign.slots[0], {true, 2}));
  CHECK(same_slot(assign.slots[1], {false, 0}));
  CHECK(same_slot(assign.slots[2], {true, 3}));
  CHECK(same_slot(assign.slots[3], {true, 0}));
  CHECK(same_slot(assign.slots[4], {true, 1}));
  // New ids after the loaded rows of their table.
  const auto& id = t.statements[2].params[0];
  CHECK((id.generator == Generator::sequence && id.min == 51 && id.table == "events"));
}

TEST_CASE("workload values: tables created after the tables they reference",
          "[config][workload_file]") {
  const CustomWorkload w = values_parsed(with_ticket_transaction(kAssign));
  REQUIRE(w.tables.size() == 2);
  CHECK(w.tables[0].name == "tickets");
  CHECK(w.tables[1].name == "events");
  CHECK(w.tables[1].references == std::vector<std::string>{"tickets"});
  CHECK(w.tables[1].line == 2);  // its place in the file, for messages
  CHECK(value_errors("tables:\n"
               "  - {name: a, create: 'CREATE TABLE a (b INT REFERENCES b (id))'}\n"
               "  - {name: b, create: 'CREATE TABLE b (a INT, FOREIGN KEY (a) REFERENCES a (x))'}\n"
               "  - {name: c, create: 'CREATE TABLE c (a INT REFERENCES c (a))'}\n"
               "transactions: [{name: x, statements: [{name: s, sql: SELECT 1}]}]\n") ==
        "w.yaml:2: tables[0].create: the foreign keys of 'a', 'b' form a cycle: no order "
        "creates each table after the tables it references");
}

TEST_CASE("workload values: errors name the file, the line and the key",
          "[config][workload_file]") {
  const std::string one = "    statements:\n      - name: s\n        sql: ";
  CHECK(value_errors(with_ticket_transaction(one + "SELECT :tickt\n    params: [{name: ticket, generator: "
                                      "uniform, table: tickets}]\n")) ==
        "w.yaml:17: transactions[0].statements[0].sql: transaction 't' has no value 'tickt': "
        "name it in the transaction's params: or an earlier statement's into: (did you mean "
        "'ticket'?)\n"
        "w.yaml:18: transactions[0].params[0].name: value 'ticket' is not used: no statement of "
        "the transaction has :ticket");
  CHECK(value_errors(with_ticket_transaction(one + "SELECT :o\n      - {name: r, sql: SELECT 1, into: [o]}\n")) ==
        "w.yaml:17: transactions[0].statements[0].sql: :o is read by the into: of statement 'r' "
        "(line 18), which runs after this one");
  CHECK(value_errors(with_ticket_transaction(one + "SELECT :o\n        into: [o]\n")) ==
        "w.yaml:17: transactions[0].statements[0].sql: :o is read by this statement's into:, "
        "after it runs");
  CHECK(value_errors(with_ticket_transaction("    params: [{name: n, generator: uniform, max: 3}]\n" + one +
                                "SELECT 1\n")) ==
        "w.yaml:15: transactions[0].params[0].name: value 'n' is not used: no statement of the "
        "transaction has :n");
  CHECK(value_errors(with_ticket_transaction(one + "SELECT 1, 2\n        into: [a, b-c, a]\n")) ==
        "w.yaml:18: transactions[0].statements[0].into: expected a letter or _, then letters, "
        "digits and _ (it follows : in the SQL), got 'b-c'\n"
        "w.yaml:18: transactions[0].statements[0].into: value 'a' is also at line 18\n"
        "w.yaml:18: transactions[0].statements[0].into: value 'a' is not used: no later "
        "statement of the transaction has :a");
  CHECK(value_errors(with_ticket_transaction(one + "SELECT 1\n        into: [a, b, c, d, e, f, g]\n")) ==
        "w.yaml:18: transactions[0].statements[0].into: 7 names; at most 6 (the columns of a row "
        "read back)");
}

TEST_CASE("workload values: LIMIT counts, new ids and name keys", "[config][workload_file]") {
  const std::string one = "    statements:\n      - name: s\n        sql: ";
  CHECK(value_errors(with_ticket_transaction(one + "SELECT id FROM tickets LIMIT ?\n        params: "
                                      "[{generator: uniform, min: -1, max: 3}]\n")) ==
        "w.yaml:17: transactions[0].statements[0].sql: a LIMIT count takes a non-negative "
        "integer, but min is -1");
  CHECK(value_errors(with_ticket_transaction("    params: [{name: n, generator: string}]\n" + one +
                                "SELECT id FROM tickets LIMIT 2 OFFSET :n\n")) ==
        "w.yaml:18: transactions[0].statements[0].sql: a LIMIT count takes a non-negative "
        "integer, but generator 'string' draws text");
  CHECK(value_errors(with_ticket_transaction(one + "SELECT ?\n        params: [{name: n, generator: "
                                      "uniform, max: 3}]\n")) ==
        "w.yaml:18: transactions[0].statements[0].params[0].name: applies to a transaction's "
        "params[] only (a value its statements use as :name)");
  CHECK(value_errors(with_ticket_transaction("    params: [{generator: uniform, max: 3}]\n" + one +
                                "SELECT 1\n")) ==
        "w.yaml:15: transactions[0].params[0]: missing required key 'name'");
  CHECK(value_errors(with_ticket_transaction(one + "SELECT ?\n        params: [{generator: sequence, "
                                      "table: tickets, max: 9}]\n")) ==
        "w.yaml:18: transactions[0].statements[0].params[0].max: does not apply to generator "
        "'sequence'");
  const CustomWorkload w = values_parsed(with_ticket_transaction(
      "    params: [{name: id, generator: sequence, min: 1000}]\n" + one +
      "INSERT INTO tickets (id) VALUES (:id)\n      - {name: again, sql: 'SELECT :id'}\n"));
  CHECK(w.transactions[0].values[0].value.min == 1000);
  CHECK(w.transactions[0].values[0].value.table.empty());
}
