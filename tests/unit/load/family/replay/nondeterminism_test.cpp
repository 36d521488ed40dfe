#include "load/family/replay/nondeterminism.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using versus::load::replay::nondeterminism_of;
using versus::load::replay::NondeterminismKind;
using versus::load::replay::orders_rows;
using versus::load::replay::wants_tolerance;

namespace {
// The reasons' texts, joined.
std::string reasons(const std::string& statement) {
  std::string out;
  for (const auto& n : nondeterminism_of(statement)) out += (out.empty() ? "" : "; ") + n.reason;
  return out;
}
}  // namespace

TEST_CASE("nondeterminism: functions of the clock, chance, the session and the release",
          "[replay][nondeterminism]") {
  CHECK(reasons("SELECT NOW(), id FROM t") == "calls NOW()");
  CHECK(reasons("select * from t where ts > current_timestamp - interval 1 day") ==
        "uses CURRENT_TIMESTAMP");
  CHECK(reasons("SELECT SYSDATE(), RAND(), UUID(), UUID_SHORT()") ==
        "calls SYSDATE(); calls RAND(); calls UUID(); calls UUID_SHORT()");
  CHECK(reasons("SELECT CONNECTION_ID(), LAST_INSERT_ID(), FOUND_ROWS(), USER()") ==
        "calls CONNECTION_ID(); calls LAST_INSERT_ID(); calls FOUND_ROWS(); calls USER()");
  CHECK(reasons("SELECT VERSION(), @@version") == "calls VERSION(); reads @@VERSION");
  CHECK(reasons("SELECT UNIX_TIMESTAMP()") == "calls UNIX_TIMESTAMP()");
  CHECK(reasons("SELECT UNIX_TIMESTAMP('2024-01-01')").empty());
  CHECK(nondeterminism_of("SELECT now()")[0].kind == NondeterminismKind::time);
}

TEST_CASE("nondeterminism: names, strings and comments that only look like them do not count",
          "[replay][nondeterminism]") {
  CHECK(reasons("SELECT user, now_playing FROM mysql.user WHERE note = 'NOW()'").empty());
  CHECK(reasons("SELECT t.rand(1) FROM t").empty());
  CHECK(reasons("SELECT 1 /* RAND() */ -- UUID()\n FROM t # now()").empty());
  CHECK(reasons("SELECT `now`, \"limit 5\" FROM t").empty());
  CHECK(reasons("SELECT id FROM t WHERE id = 5").empty());
}

TEST_CASE("nondeterminism: LIMIT without ORDER BY at its own level", "[replay][nondeterminism]") {
  CHECK(reasons("SELECT * FROM t LIMIT 10") == "LIMIT without ORDER BY");
  CHECK(reasons("SELECT * FROM t ORDER BY id LIMIT 10").empty());
  CHECK(reasons("DELETE FROM t WHERE a = 1 LIMIT 5") == "LIMIT without ORDER BY");
  CHECK(reasons("SELECT * FROM t WHERE id IN (SELECT id FROM u ORDER BY x) LIMIT 3") ==
        "LIMIT without ORDER BY");
  CHECK(reasons("SELECT * FROM (SELECT id FROM u LIMIT 3) d ORDER BY id") ==
        "LIMIT without ORDER BY");
  CHECK(reasons("SELECT ROW_NUMBER() OVER (ORDER BY a) FROM t LIMIT 2") ==
        "LIMIT without ORDER BY");
  CHECK(reasons("(SELECT a FROM t ORDER BY a LIMIT 1) UNION (SELECT a FROM u ORDER BY a LIMIT 1)")
            .empty());
}

TEST_CASE("nondeterminism: floating-point aggregates want a tolerance, GROUP_CONCAT an order",
          "[replay][nondeterminism]") {
  auto n = nondeterminism_of("SELECT AVG(price), SUM(qty) FROM t GROUP BY k");
  REQUIRE(n.size() == 2);
  CHECK(n[0].reason == "AVG(): a floating-point result may differ in its last digits");
  CHECK(wants_tolerance(n));
  CHECK_FALSE(wants_tolerance(nondeterminism_of("SELECT NOW()")));
  CHECK(reasons("SELECT GROUP_CONCAT(name) FROM t") == "GROUP_CONCAT without ORDER BY");
  CHECK(reasons("SELECT GROUP_CONCAT(name ORDER BY name) FROM t").empty());
  CHECK(reasons("SELECT COUNT(*), MAX(x) FROM t").empty());
}

TEST_CASE("nondeterminism: rows are ordered by an ORDER BY at the outer level only",
          "[replay][nondeterminism]") {
  CHECK(orders_rows("SELECT id FROM t ORDER BY id"));
  CHECK(orders_rows("select id from t order\n  by id desc limit 3"));
  CHECK(orders_rows("(SELECT a FROM t) UNION (SELECT b FROM u) ORDER BY 1"));
  CHECK(orders_rows("SELECT a FROM (SELECT a FROM t ORDER BY a) x ORDER BY a"));
  CHECK_FALSE(orders_rows("SELECT id FROM t"));
  CHECK_FALSE(orders_rows("SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 5) x"));
  CHECK_FALSE(orders_rows("SELECT ROW_NUMBER() OVER (ORDER BY a) FROM t"));
  CHECK_FALSE(orders_rows("SELECT GROUP_CONCAT(a ORDER BY a) FROM t"));
  CHECK_FALSE(orders_rows("SELECT 'order by' FROM t"));
  CHECK_FALSE(orders_rows("SELECT `order` FROM t /* ORDER BY x */"));
  CHECK_FALSE(orders_rows("SELECT a FROM t WHERE b IN (SELECT b FROM u ORDER BY b)"));
}
