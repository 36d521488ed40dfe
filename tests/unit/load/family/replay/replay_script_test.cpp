#include "load/family/replay/replay_script.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "load/family/replay/statement_rules.h"

using namespace versus::load::replay;

namespace {

// The script of `log` read as `format`.
versus::Expected<ReplayScript> script(const std::string& log, LogFormat format, bool writes = false,
                                      std::uint64_t sample = 1) {
  std::istringstream in(log);
  auto reader = open_query_log(in, "app.log", format);
  return read_script(*reader, {"app.log", writes, sample, 0});
}

constexpr const char* kGeneral =
    "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log (MariaDB Server). started with:\n"
    "Tcp port: 0  Unix socket: /tmp/x/mysqld.sock\n"
    "Time\t\t    Id Command\tArgument\n"
    "261206 20:13:48\t      5 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      5 Query\tSELECT name FROM customers WHERE id = 1\n"
    "\t\t      6 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      6 Query\tSET @c := 2\n"
    "\t\t      5 Query\tBEGIN\n"
    "\t\t      6 Query\tSELECT name FROM customers WHERE id = @c\n"
    "\t\t      5 Query\tSELECT total FROM orders WHERE id = 7 FOR UPDATE\n"
    "\t\t      5 Query\tCOMMIT\n"
    "\t\t      6 Prepare\tSELECT name FROM customers WHERE id = ?\n"
    "\t\t      6 Execute\tSELECT name FROM customers WHERE id = 3\n"
    "\t\t      6 Query\tuse other\n"
    "\t\t      6 Query\tSELECT 1\n";

}  // namespace

TEST_CASE("replay script: connections in captured order, units, classes",
          "[replay][replay_script]") {
  auto s = script(kGeneral, LogFormat::general);
  INFO((s ? "" : s.error().message));
  REQUIRE(s);
  REQUIRE(s->connections.size() == 2);
  const ScriptConnection& a = s->connections[0];
  const ScriptConnection& b = s->connections[1];
  CHECK(a.id == 5);
  CHECK(b.id == 6);
  REQUIRE(a.statements.size() == 4);
  // One statement, then BEGIN .. COMMIT as one unit.
  REQUIRE(a.units.size() == 2);
  CHECK(a.units[0].count == 1);
  CHECK_FALSE(a.units[0].transaction);
  CHECK(a.units[1].first == 1);
  CHECK(a.units[1].count == 3);
  CHECK(a.units[1].transaction);
  CHECK(a.statements[0].db == "shop");
  // The user variable's SET before its use, the EXECUTE with its values, the USE's target.
  REQUIRE(b.statements.size() == 5);
  CHECK(b.statements[0].text == "SET @c := 2");
  CHECK(b.statements[1].text == "SELECT name FROM customers WHERE id = @c");
  CHECK(b.statements[2].text == "SELECT name FROM customers WHERE id = 3");
  CHECK(b.statements[3].use == "other");
  CHECK(b.statements[4].db == "other");
  CHECK(b.units.size() == 5);
  CHECK(s->not_replayed == 1);  // the PREPARE
  CHECK(s->statements == 9);
  // The classes a replay adds first, then the log's fingerprints, first seen first.
  REQUIRE(s->classes.size() >= 3);
  CHECK(s->classes[0] == kUseClass);
  CHECK(s->classes[1] == kRollbackClass);
  CHECK(s->classes[2] == "select name from customers where id = ?");
  CHECK(a.statements[0].klass == 2);
  CHECK(b.statements[2].klass == 2);  // the EXECUTE: the same class
  CHECK(s->classes[b.statements[3].klass] == "use ?");
}

TEST_CASE("replay script: a write is refused with file, line and what was expected",
          "[replay][replay_script]") {
  const std::string log = "SELECT 1;\nSELECT 2;\nUPDATE t SET a = 1\n  WHERE id = 2;\n";
  auto s = script(log, LogFormat::statements);
  REQUIRE_FALSE(s);
  CHECK(s.error().message == "app.log:3: UPDATE writes, and the replay is read-only: expected " +
                                 std::string(kReadOnlyWords) +
                                 " (replay_writes: true replays writes)");
  auto w = script(log, LogFormat::statements, true);
  REQUIRE(w);
  CHECK(w->statements == 3);
  REQUIRE(w->connections.size() == 1);  // a file of statements: one connection
  CHECK(w->connections[0].id == 0);
}

TEST_CASE("replay script: sampling keeps whole connections; none kept is an error",
          "[replay][replay_script]") {
  std::string log =
      "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log. started with:\n"
      "Tcp port: 0  Unix socket: x\nTime\t\t    Id Command\tArgument\n";
  for (int c = 1; c <= 200; ++c)
    log += "261206 20:13:48\t" + std::to_string(c) + " Query\tSELECT " + std::to_string(c) +
           "\n\t\t" + std::to_string(c) + " Query\tSELECT 'x'\n";
  auto s = script(log, LogFormat::general, false, 10);
  REQUIRE(s);
  CHECK(s->connections.size() > 5);
  CHECK(s->connections.size() < 50);
  for (const auto& c : s->connections) CHECK(c.statements.size() == 2);
  auto none = script("SELECT 1;\n", LogFormat::statements, false, 1'000'000);
  REQUIRE_FALSE(none);
  CHECK(none.error().message == "app.log: no statement to replay (replay_sample kept none)");
}

TEST_CASE("replay script: a long fingerprint's class name, the class limit",
          "[replay][replay_script]") {
  const std::string long_fp = "select " + std::string(200, 'a') + " from t";
  const std::string name = class_name(long_fp);
  CHECK(name.size() == 100 + 5 + 8);
  CHECK(name.starts_with(long_fp.substr(0, 100) + "... #"));
  CHECK(class_name("select ?") == "select ?");
  std::string log;
  for (int i = 0; i < 300; ++i)
    log += std::string("SELECT col_") + static_cast<char>('g' + i % 20) +
           static_cast<char>('g' + i / 20) + " FROM t;\n";
  auto s = script(log, LogFormat::statements);
  REQUIRE(s);
  REQUIRE(s->classes.size() == kMaxReplayClasses + 1);
  CHECK(s->classes.back() == kOtherClasses);
  CHECK(s->connections[0].statements.back().klass == kMaxReplayClasses);
}

TEST_CASE("replay script: connections dealt round-robin onto the sessions",
          "[replay][replay_script]") {
  CHECK(dealt_connections(5, 0, 2) == std::vector<std::size_t>{0, 2, 4});
  CHECK(dealt_connections(5, 1, 2) == std::vector<std::size_t>{1, 3});
  CHECK(dealt_connections(2, 0, 4) == std::vector<std::size_t>{0});
  CHECK(dealt_connections(2, 3, 4) == std::vector<std::size_t>{1});  // beyond: ordinal mod 2
  CHECK(dealt_connections(1, 2, 3) == std::vector<std::size_t>{0});
  CHECK(dealt_connections(0, 0, 1).empty());
}
