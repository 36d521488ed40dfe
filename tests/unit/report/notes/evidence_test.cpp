// The evidence beside a run's tables (report/notes/evidence.h): the counters that moved most per
// column against the baseline, the counters only one side has, and plan changes.
#include "report/notes/evidence.h"

#include <catch2/catch.hpp>

namespace {
using versus::report::ComparisonCell;
using versus::report::ComparisonRow;
using versus::report::ComparisonTable;

// One row (8 threads), a baseline and one other column with these counters per transaction.
ComparisonTable table(std::map<std::string, double> base, std::map<std::string, double> other) {
  ComparisonTable t;
  t.workload = "oltp_read_only";
  t.engine = "innodb";
  t.columns = {{"mariadb-10.11", "default"}, {"mysql-9.7", "default"}};
  ComparisonRow row;
  row.threads = 8;
  row.cells.resize(2);
  row.cells[0].per_transaction = std::move(base);
  row.cells[1].per_transaction = std::move(other);
  t.rows.push_back(row);
  return t;
}
}  // namespace

TEST_CASE("evidence: the most moved counters, largest first, at most three", "[report][evidence]") {
  auto t = table({{"server CPU us", 800},
                  {"Handler_read_key", 14},
                  {"Com_select", 14},
                  {"Innodb_buffer_pool_reads", 0.0},
                  {"Select_range", 4}},
                 {{"server CPU us", 1000},
                  {"Handler_read_key", 28},
                  {"Com_select", 14},
                  {"Innodb_buffer_pool_reads", 3.0},
                  {"Select_range", 4}});
  auto ev = versus::report::table_evidence(t);
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].row == "8 threads");
  CHECK(ev[0].column == "mysql-9.7/default");
  REQUIRE(ev[0].changes.size() == 3);
  CHECK(ev[0].changes[0].name == "Innodb_buffer_pool_reads");
  CHECK(ev[0].changes[1].name == "Handler_read_key");
  CHECK(ev[0].changes[2].name == "server CPU us");
  CHECK(ev[0].plan.empty());
  CHECK(versus::report::plan_warnings(t).empty());
  auto lines = versus::report::evidence_lines(t);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("why: mysql-9.7/default at 8 threads vs mariadb-10.11/default: "
                       "Innodb_buffer_pool_reads/txn 0.0 -> 3.0",
                       0) == 0);
}

TEST_CASE("evidence: a counter one side lacks is named, never ranked", "[report][evidence]") {
  auto t =
      table({{"Handler_read_key", 14}, {"Innodb_rows_read", 410}}, {{"Handler_read_key", 14},
                                                                    {"Innodb_rows_read", 410},
                                                                    {"Innodb_redo_log_a", 2},
                                                                    {"Innodb_redo_log_b", 5},
                                                                    {"Innodb_redo_log_c", 1},
                                                                    {"Innodb_redo_log_d", 0.5}});
  auto ev = versus::report::table_evidence(t);
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].changes.empty());
  CHECK(ev[0].only_base.empty());
  CHECK(ev[0].only_other == std::vector<std::string>{"Innodb_redo_log_b", "Innodb_redo_log_a",
                                                     "Innodb_redo_log_c", "Innodb_redo_log_d"});
  auto lines = versus::report::evidence_lines(t);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "why: mysql-9.7/default at 8 threads vs mariadb-10.11/default: only in "
        "mysql-9.7/default: Innodb_redo_log_b, Innodb_redo_log_a, Innodb_redo_log_c (+1)");
}

TEST_CASE("evidence: table scans where the baseline ran range scans are a plan change",
          "[report][evidence]") {
  // MySQL 9.7.4 with stale statistics: Select_scan 3226 and Select_range 0 over ~800 txn.
  auto t = table({{"Select_scan", 0.0}, {"Select_range", 4.0}, {"Handler_read_rnd_next", 12}},
                 {{"Select_scan", 4.0}, {"Select_range", 0.0}, {"Handler_read_rnd_next", 6000}});
  auto warnings = versus::report::plan_warnings(t);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].find("plan: mysql-9.7/default at 8 threads ran other query plans than "
                         "mariadb-10.11/default (") == 0);
  CHECK(warnings[0].find("Select_scan/txn 0.0 -> 4.0") != std::string::npos);
  CHECK(warnings[0].find("Select_range/txn 4.0 -> 0.0") != std::string::npos);
  // The same plan with 30% more work per transaction is no plan change.
  auto same = table({{"Select_scan", 0.0}, {"Select_range", 4.0}, {"Handler_read_rnd_next", 12}},
                    {{"Select_scan", 0.0}, {"Select_range", 4.0}, {"Handler_read_rnd_next", 15.6}});
  CHECK(versus::report::plan_warnings(same).empty());
  // Nor are retried statements: MariaDB 11.8 at 16 threads, every plan counter x1.63 per
  // transaction (deadlocks), the same per range query.
  auto retries =
      table({{"Select_scan", 0.0}, {"Select_range", 4.0}, {"Handler_read_rnd_next", 102}},
            {{"Select_scan", 0.0}, {"Select_range", 6.6}, {"Handler_read_rnd_next", 167}});
  CHECK(versus::report::plan_warnings(retries).empty());
  // Twice the rows read by position per range query is one.
  auto rows = table({{"Select_scan", 0.0}, {"Select_range", 4.0}, {"Handler_read_rnd_next", 100}},
                    {{"Select_scan", 0.0}, {"Select_range", 4.0}, {"Handler_read_rnd_next", 200}});
  CHECK(versus::report::plan_warnings(rows).size() == 1);
}

TEST_CASE("evidence: no plan to compare without range queries", "[report][evidence]") {
  auto t = table({{"Com_select", 1}, {"Handler_read_rnd_next", 0.0}},
                 {{"Com_select", 1}, {"Handler_read_rnd_next", 0.04}});
  CHECK(versus::report::plan_warnings(t).empty());
}

TEST_CASE("evidence: nothing without counters on both sides", "[report][evidence]") {
  CHECK(versus::report::table_evidence(table({}, {{"Com_select", 1}})).empty());
  CHECK(versus::report::evidence_lines(table({{"Com_select", 1}}, {})).empty());
}

TEST_CASE("evidence: the why line leads with the statements whose time per transaction moved",
          "[report][evidence]") {
  auto t = table({{"server CPU us", 800}, {"Sort_rows", 200}},
                 {{"server CPU us", 1000}, {"Sort_rows", 200}});
  t.rows[0].cells[0].statement_ms = {{"point select", 1.50}, {"DISTINCT range", 0.41},
                                     {"COMMIT", 0.30}};
  t.rows[0].cells[1].statement_ms = {{"point select", 1.30}, {"DISTINCT range", 0.88},
                                     {"COMMIT", 0.60}};
  auto ev = versus::report::table_evidence(t);
  REQUIRE(ev.size() == 1);
  REQUIRE(ev[0].statements.size() == 3);
  CHECK(ev[0].statements[0].statement == "DISTINCT range");
  auto lines = versus::report::evidence_lines(t);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "why: mysql-9.7/default at 8 threads vs mariadb-10.11/default: DISTINCT range 0.41 -> "
        "0.88 ms (x2.15), 48% of the change, COMMIT 0.30 -> 0.60 ms (x2.00), 31% of the change, "
        "point select 1.50 -> 1.30 ms (x0.87), 21% of the change; server CPU us/txn 800 -> 1000 "
        "(x1.25)");
  // Statements alone (no usage figures) still make a why line.
  auto timed_only = table({}, {});
  timed_only.rows[0].cells[0].statement_ms = {{"COMMIT", 0.30}};
  timed_only.rows[0].cells[1].statement_ms = {{"COMMIT", 0.60}};
  REQUIRE(versus::report::evidence_lines(timed_only).size() == 1);
}

TEST_CASE("evidence: across flavours no Handler_* counter is ranked, shared names side by side",
          "[report][evidence]") {
  // The quickstart's MySQL 9.7 against MariaDB 10.11: one statement, counted otherwise.
  auto t = table({{"Handler_read_rnd", 0.0},
                  {"Handler_commit", 2},
                  {"Handler_read_key", 10},
                  {"Handler_external_lock", 36},
                  {"Innodb_data_written", 4951},
                  {"Com_select", 14},
                  {"server CPU us", 800}},
                 {{"Handler_read_rnd", 100},
                  {"Handler_commit", 2},
                  {"Handler_read_key", 12},
                  {"Handler_external_lock", 0.0},
                  {"Innodb_data_written", 0.0},
                  {"Com_select", 14},
                  {"server CPU us", 1000}});
  t.rows[0].cells[0].flavour = versus::results::Flavour::mariadb;
  t.rows[0].cells[1].flavour = versus::results::Flavour::mysql;
  auto ev = versus::report::table_evidence(t);
  REQUIRE(ev.size() == 1);
  REQUIRE(ev[0].changes.size() == 1);
  CHECK(ev[0].changes[0].name == "server CPU us");
  // Those that differ (not Handler_commit, 2 | 2), the furthest apart first.
  REQUIRE(ev[0].side_by_side.size() == 4);
  CHECK(ev[0].side_by_side[0].name == "Handler_external_lock");
  CHECK(ev[0].side_by_side[3].name == "Handler_read_key");
  auto lines = versus::report::evidence_lines(t);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "why: mysql-9.7/default at 8 threads vs mariadb-10.11/default: server CPU us/txn 800 -> "
        "1000 (x1.25); not ranked across flavours: Handler_external_lock 36.0 | 0.0, "
        "Handler_read_rnd 0.0 | 100, Innodb_data_written 4951 | 0.0 (+1)");
  // The same flavour on both sides ranks them all.
  t.rows[0].cells[1].flavour = versus::results::Flavour::mariadb;
  auto same = versus::report::table_evidence(t);
  REQUIRE(same[0].changes.size() == 3);  // kEvidenceTop of the four that moved
  CHECK(same[0].changes[1].name == "Handler_read_rnd");
  CHECK(same[0].side_by_side.empty());
}

namespace {
versus::results::StatementPlan range_plan(std::string klass, std::string access, std::string key,
                                          double rows) {
  return {"sysbench 1.0", std::move(klass), "SELECT ...", "json", "{}", "",
          {{{"sbtest1", std::move(access), std::move(key), rows}}, false, false}};
}
}  // namespace

TEST_CASE("evidence: recorded plans name the statement in plan: and mark it in the why line",
          "[report][evidence]") {
  // Counters that alone would infer a plan change: recorded plans take their place.
  auto t = table({{"Select_scan", 0.0}, {"Select_range", 4}, {"Handler_read_rnd_next", 0.0}},
                 {{"Select_scan", 4}, {"Select_range", 0.0}, {"Handler_read_rnd_next", 40000}});
  t.rows[0].cells[0].statement_ms = {{"point select", 1.50}, {"simple range", 0.10}};
  t.rows[0].cells[1].statement_ms = {{"point select", 1.50}, {"simple range", 3.10}};
  t.plans = {{range_plan("point select", "const", "PRIMARY", 1),
              range_plan("simple range", "range", "PRIMARY", 100)},
             {range_plan("point select", "const", "PRIMARY", 1),
              range_plan("simple range", "ALL", "", 9986)}};
  CHECK(versus::report::plan_warnings(t) ==
        std::vector<std::string>{
            "plan: mysql-9.7/default ran other plans than mariadb-10.11/default: simple range: "
            "access range -> ALL, key PRIMARY -> none, rows 100 -> 9986: a plan change is often "
            "the reason for a difference; an artifact when it comes from the tables' statistics"});
  const auto lines = versus::report::evidence_lines(t);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("why: mysql-9.7/default at 8 threads vs mariadb-10.11/default: simple "
                       "range 0.10 -> 3.10 ms (x31.00), 100% of the change, its plan changed",
                       0) == 0);
  // Alike plans: no plan line, and the counters are not consulted.
  t.plans[1] = t.plans[0];
  CHECK(versus::report::plan_warnings(t).empty());
  // Without the other column's plans, the counters' inference again.
  t.plans[1].clear();
  REQUIRE(versus::report::plan_warnings(t).size() == 1);
  CHECK(versus::report::plan_warnings(t)[0].find("ran other query plans") != std::string::npos);
}
