#include "results/evidence/side_evidence.h"

#include <catch2/catch.hpp>

#include "support/cell_builder.h"

using versus::results::CellRecord;
using versus::results::side_evidence;
using versus::testing::CellBuilder;

namespace {
// A cell of `version` with usage figures (server CPU us/txn `cpu`), Handler_read_rnd/txn `rnd`
// and Com_select/txn 14, and its DISTINCT range at `distinct_ms` per transaction.
CellRecord cell(const std::string& version, double cpu, double rnd, double distinct_ms) {
  CellRecord c = CellBuilder("s")
                     .server_version(version)
                     .transactions(1000)
                     .statement("point select", 10000, 500)
                     .statement("DISTINCT range", 1000, distinct_ms * 1000)
                     .build();
  c.seconds = 10;
  c.usage.measured = true;
  c.usage.interval_s = 10;
  c.usage.transactions = 1000;
  c.usage.host_cpus = 2;
  c.usage.server_user_s = cpu * 1000 / 1e6;
  c.usage.status = {{"Handler_read_rnd", static_cast<std::int64_t>(rnd * 1000)},
                    {"Com_select", 14000}};
  return c;
}
}  // namespace

TEST_CASE("side_evidence: statements first; across flavours only mapped counters ranked",
          "[results][side_evidence]") {
  const CellRecord mysql = cell("9.7.0", 800, 100, 0.41);
  const CellRecord mariadb = cell("10.11.19-MariaDB", 1000, 0, 0.88);
  const auto across = side_evidence({&mysql}, {&mariadb});
  REQUIRE(across.statements.size() == 1);
  CHECK(across.statements[0].statement == "DISTINCT range");
  CHECK(across.statements[0].to_ms == Approx(0.88));
  for (const auto& c : across.counters) CHECK(c.name.rfind("Handler_", 0) != 0);
  REQUIRE_FALSE(across.counters.empty());
  CHECK(across.counters[0].name == "server CPU us");
  const CellRecord mariadb_too = cell("11.8.3-MariaDB", 800, 100, 0.41);
  const auto same = side_evidence({&mariadb_too}, {&mariadb});
  REQUIRE_FALSE(same.counters.empty());
  CHECK(same.counters[0].name == "Handler_read_rnd");
  CHECK(side_evidence({}, {&mariadb}).statements.empty());
}
