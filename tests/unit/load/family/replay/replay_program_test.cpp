#include "load/family/replay/replay_program.h"

#include <catch2/catch.hpp>
#include <sstream>

using namespace versus::load;
using namespace versus::load::replay;

namespace {

std::shared_ptr<const ReplayScript> script_of_log(const std::string& log) {
  std::istringstream in(log);
  auto reader = open_query_log(in, "app.log", LogFormat::general);
  auto s = read_script(*reader, {"app.log", false, 1, 0});
  INFO((s ? "" : s.error().message));
  REQUIRE(s);
  return std::make_shared<const ReplayScript>(std::move(*s));
}

// The texts of the next transaction `program` plans.
std::vector<std::string> next(ReplayProgram& program, bool after_error = false) {
  static std::vector<Step> steps;
  std::size_t planned = 0;
  StepList list(steps, planned);
  Random rng(1);
  program.plan(list, rng, after_error);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < planned; ++i) out.push_back(steps[i].text);
  return out;
}

constexpr const char* kLog =
    "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log. started with:\n"
    "Tcp port: 0  Unix socket: x\nTime\t\t    Id Command\tArgument\n"
    "261206 20:13:48\t      5 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      5 Query\tSET @c := 2\n"
    "\t\t      6 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      6 Query\tCREATE TEMPORARY TABLE tmp (a INT)\n"
    "\t\t      7 Query\tSELECT 7\n"
    "\t\t      5 Query\tBEGIN\n"
    "\t\t      5 Query\tSELECT name FROM customers WHERE id = @c\n"
    "\t\t      6 Query\tSELECT * FROM tmp\n"
    "\t\t      5 Query\tCOMMIT\n"
    "\t\t      5 Query\tuse other\n"
    "\t\t      5 Query\tSELECT 5\n";

}  // namespace

TEST_CASE("replay program: a session replays its connections in captured order, keeping state",
          "[replay][replay_program]") {
  auto script = script_of_log(kLog);
  // Two sessions, three connections: session 0 replays 5 then 7, session 1 replays 6.
  ReplayProgram first(script, 0, 2, "sbtest");
  REQUIRE(first.prepare(nullptr));
  // The connection's database first, then its user variable set before its use, the
  // transaction as one unit, its USE kept (no USE added for the database it chose).
  CHECK(next(first) == std::vector<std::string>{"USE `shop`", "SET @c := 2"});
  CHECK(next(first) ==
        std::vector<std::string>{"BEGIN", "SELECT name FROM customers WHERE id = @c", "COMMIT"});
  CHECK(next(first) == std::vector<std::string>{"use other"});
  CHECK(next(first) == std::vector<std::string>{"SELECT 5"});
  // Connection 7 ran without a database in the log: none chosen.
  CHECK(next(first) == std::vector<std::string>{"SELECT 7"});
  // Looping: connection 5 again, the session still in `other`.
  CHECK(next(first) == std::vector<std::string>{"USE `shop`", "SET @c := 2"});
  // A retried transaction runs again after a ROLLBACK.
  CHECK(next(first) ==
        std::vector<std::string>{"BEGIN", "SELECT name FROM customers WHERE id = @c", "COMMIT"});
  CHECK(next(first, true) == std::vector<std::string>{"ROLLBACK", "BEGIN",
                                                      "SELECT name FROM customers WHERE id = @c",
                                                      "COMMIT"});
  // The temporary table is created and read on the same session (and, looping, created again
  // on the session reset in between: prepare(nullptr) resets nothing here).
  ReplayProgram second(script, 1, 2, "sbtest");
  REQUIRE(second.prepare(nullptr));
  CHECK(next(second) ==
        std::vector<std::string>{"USE `shop`", "CREATE TEMPORARY TABLE tmp (a INT)"});
  CHECK(next(second) == std::vector<std::string>{"SELECT * FROM tmp"});
  CHECK(next(second) == std::vector<std::string>{"CREATE TEMPORARY TABLE tmp (a INT)"});
}

TEST_CASE("replay program: a reconnected session selects its database again; a step's class",
          "[replay][replay_program]") {
  auto script = script_of_log(kLog);
  ReplayProgram p(script, 0, 1, "sbtest");
  REQUIRE(p.prepare(nullptr));
  CHECK(next(p).front() == "USE `shop`");
  REQUIRE(p.prepare(nullptr));  // a reconnect: back in sbtest
  CHECK(next(p).front() == "USE `shop`");
  std::vector<Step> steps;
  std::size_t planned = 0;
  StepList list(steps, planned);
  Random rng(1);
  p.plan(list, rng, false);
  REQUIRE(planned == 1);
  CHECK(steps[0].text == "use other");
  CHECK(script->classes[steps[0].klass] == "use ?");
  ReplayProgram none(std::make_shared<const ReplayScript>(), 0, 1, "sbtest");
  CHECK_FALSE(none.prepare(nullptr));
}
