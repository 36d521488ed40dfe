#include "load/family/replay/replay_program.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <sstream>

using namespace versus::load;
using namespace versus::load::replay;

namespace {

std::shared_ptr<const ReplayScript> script_of_log(const std::string& log,
                                                  LogFormat format = LogFormat::general) {
  std::istringstream in(log);
  auto reader = open_query_log(in, "app.log", format);
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
  ReplayProgram first(script, {0, 2, "sbtest"});
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
  ReplayProgram second(script, {1, 2, "sbtest"});
  REQUIRE(second.prepare(nullptr));
  CHECK(next(second) ==
        std::vector<std::string>{"USE `shop`", "CREATE TEMPORARY TABLE tmp (a INT)"});
  CHECK(next(second) == std::vector<std::string>{"SELECT * FROM tmp"});
  CHECK(next(second) == std::vector<std::string>{"CREATE TEMPORARY TABLE tmp (a INT)"});
}

TEST_CASE("replay program: a reconnected session selects its database again; a step's class",
          "[replay][replay_program]") {
  auto script = script_of_log(kLog);
  ReplayProgram p(script, {0, 1, "sbtest"});
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
  ReplayProgram none(std::make_shared<const ReplayScript>(), {0, 1, "sbtest"});
  CHECK_FALSE(none.prepare(nullptr));
}

namespace {

// A file of statements: 3 of class "select a from t where id = ?", 1 each of two others drawn;
// a user variable, a setting and a transaction never.
constexpr const char* kWeighted =
    "USE shop;\nSELECT a FROM t WHERE id = 1;\nSELECT a FROM t WHERE id = 2;\n"
    "SELECT a FROM t WHERE id = 3;\nSET @x := 1;\nSELECT a FROM t WHERE id = @x;\n"
    "SELECT COUNT(*) FROM t;\nBEGIN;\nSELECT b FROM u;\nCOMMIT;\nSHOW TABLES;\n";

ReplaySeat weighted_seat(int ordinal = 0) {
  return {ordinal, 2, "sbtest", versus::sysbench::ReplayOrder::weighted};
}

// The texts of the next transaction `program` plans with `rng`.
std::vector<std::string> next_with(ReplayProgram& program, Random& rng, bool after_error = false) {
  static std::vector<Step> steps;
  std::size_t planned = 0;
  StepList list(steps, planned);
  program.plan(list, rng, after_error);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < planned; ++i) out.push_back(steps[i].text);
  return out;
}

// The statements of `n` transactions, seeded with `seed`.
std::vector<std::string> drawn(const std::shared_ptr<const ReplayScript>& script,
                               std::uint64_t seed, int n) {
  ReplayProgram p(script, weighted_seat());
  REQUIRE(p.prepare(nullptr));
  Random rng(seed);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(next_with(p, rng).back());
  return out;
}

}  // namespace

TEST_CASE("replay program: weighted, one statement per transaction, in its database",
          "[replay][replay_program]") {
  auto script = script_of_log(kWeighted, LogFormat::statements);
  ReplayProgram p(script, weighted_seat(1));
  REQUIRE(p.prepare(nullptr));
  Random rng(7);
  // The first draw moves the session into the database the log's USE chose; then none.
  const auto first = next_with(p, rng);
  REQUIRE(first.size() == 2);
  CHECK(first[0] == "USE `shop`");
  for (int i = 0; i < 50; ++i) {
    const auto t = next_with(p, rng);
    REQUIRE(t.size() == 1);
    CHECK((t[0].starts_with("SELECT a FROM t WHERE id = ") || t[0] == "SELECT COUNT(*) FROM t" ||
           t[0] == "SHOW TABLES"));
    CHECK(t[0] != "SELECT a FROM t WHERE id = @x");
  }
  // A retried draw sends the same statement again; a reconnected session is back in sbtest.
  const auto last = next_with(p, rng);
  CHECK(next_with(p, rng, true) == last);
  REQUIRE(p.prepare(nullptr));
  CHECK(next_with(p, rng, true) == std::vector<std::string>{"USE `shop`", last[0]});
  // Nothing to draw: the session refuses to start.
  auto none = script_of_log("SET @a := 1;\nSELECT @a;\n", LogFormat::statements);
  ReplayProgram empty(none, weighted_seat());
  CHECK_FALSE(empty.prepare(nullptr));
  // Captured order is the default.
  ReplayProgram captured(script, {0, 1, "sbtest"});
  REQUIRE(captured.prepare(nullptr));
  CHECK(next_with(captured, rng) == std::vector<std::string>{"USE shop"});
}

TEST_CASE("replay program: weighted draws follow the log's shares; a seed, the same sequence",
          "[replay][replay_program]") {
  auto script = script_of_log(kWeighted, LogFormat::statements);
  REQUIRE(script->draws.size() == 5);
  constexpr int kDraws = 100'000;
  const auto texts = drawn(script, 12345, kDraws);
  std::map<std::string, double> count;
  for (const std::string& t : texts)
    ++count[t.starts_with("SELECT a FROM t WHERE id = ") ? "by id" : t];
  CHECK(count.size() == 3);
  // Each class's count is binomial(n, share); 6 standard deviations: a correct draw falls
  // outside with probability about 2e-9 per class.
  const std::map<std::string, double> share{
      {"by id", 3.0 / 5}, {"SELECT COUNT(*) FROM t", 1.0 / 5}, {"SHOW TABLES", 1.0 / 5}};
  for (const auto& [klass, p] : share) {
    INFO(klass << ": " << count[klass]);
    const double sd = std::sqrt(kDraws * p * (1 - p));
    CHECK(std::abs(count[klass] - kDraws * p) < 6 * sd);
  }
  // Within the class, each statement as likely: id 1, 2, 3 each a fifth.
  const double by_one = static_cast<double>(
      std::count(texts.begin(), texts.end(), std::string("SELECT a FROM t WHERE id = 1")));
  CHECK(std::abs(by_one - kDraws / 5.0) < 6 * std::sqrt(kDraws * 0.2 * 0.8));
  // The session's seed decides the sequence.
  CHECK(drawn(script, 99, 200) == drawn(script, 99, 200));
  CHECK(drawn(script, 99, 200) != drawn(script, 100, 200));
}
