// The prewarm's statements: both indexes of each table, read-only, no derived tables.
#include "load/probe/prewarm.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

using versus::load::prewarm_statements;

TEST_CASE("prewarm: the clustered and the secondary index of each table", "[load][prewarm]") {
  CHECK(prewarm_statements(3, false) ==
        std::vector<std::string>{"SELECT AVG(id) FROM sbtest3 FORCE INDEX (PRIMARY)",
                                 "SELECT SUM(k) FROM sbtest3"});
  CHECK(prewarm_statements(1, true) ==
        std::vector<std::string>{"SELECT AVG(id) FROM sbtest FORCE INDEX (PRIMARY)",
                                 "SELECT SUM(k) FROM sbtest"});
}
