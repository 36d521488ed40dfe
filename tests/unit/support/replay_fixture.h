#pragma once
// A replay run for the report tests: mariadb-10.11 (baseline) and mysql-9.7, profile default,
// workload replay-shop at 4 threads, 5 paired rounds. 24 classes both ran: "select * from
// orders where customer_id = ?" is 1.6 times as slow on 9.7 (its plan there reads every row),
// "select count(*) from items" 30% faster; the others move by the rounds' noise only. "show
// tables" only 10.11 ran, "select @@version" only 9.7. Plans: the slow class's access changed,
// "select sleep(?)"'s EXPLAIN failed on 9.7, the others alike.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "results/record/record.h"
#include "support/cell_builder.h"

namespace versus::testing {

inline std::vector<std::string> replay_fixture_classes() {
  std::vector<std::string> names{"select * from orders where customer_id = ?",
                                 "select count(*) from items", "select sleep(?)"};
  for (int k = 0; k < 21; ++k)
    names.push_back("select name from t? where id = ? /* " + std::to_string(k) + " */");
  return names;
}

inline results::StatementPlan replay_fixture_plan(const std::string& klass,
                                                  const std::string& access,
                                                  const std::string& error = "") {
  results::StatementPlan p{"replay-shop", klass, "SELECT ...", "json", "", error, {}};
  if (error.empty()) p.shape.tables.push_back({"orders", access, access == "ALL" ? "" : "k", 12});
  return p;
}

inline results::RunResults replay_fixture() {
  results::RunResults r;
  r.info.run_id = "20261207-030000";
  r.info.matrix_file = "replay.yaml";
  r.info.started_at = "2026-12-07T03:00:00Z";
  r.info.servers = {"mariadb-10.11", "mysql-9.7"};
  r.info.profiles = {"default"};
  r.info.estimate = "paired";
  const auto names = replay_fixture_classes();
  const double drift[5] = {1.0, 1.06, 0.97, 1.03, 0.95};
  for (int s = 0; s < 2; ++s)
    for (int round = 0; round < 5; ++round) {
      CellBuilder b(r.info.servers[static_cast<std::size_t>(s)]);
      b.workload("replay-shop").threads(4).repeat(round).tps(500 * drift[round]).transactions(5000);
      if (s == 0) b.statement("show tables", 100, 20);
      for (std::size_t k = 0; k < names.size(); ++k) {
        const auto step = static_cast<int>(k) * 7 + round * 3 + s * 2;
        const double wobble = 1 + 0.01 * (step % 5 - 2);
        double ms = (0.2 + 0.05 * static_cast<double>(k % 4)) * drift[round] * wobble;
        if (s == 1 && k >= 3) ms *= 1 + 0.01 * static_cast<double>(k % 3);  // within 2%
        if (s == 1 && k == 0) ms *= 1.6;
        if (s == 1 && k == 1) ms *= 0.7;
        const std::uint64_t count = 1000 + 100 * k;
        b.statement(names[k], count, ms * static_cast<double>(count));
      }
      if (s == 1) b.statement("select @@version", 50, 5);
      results::CellRecord cell = b.qps(12000 * drift[round]);
      cell.seconds = 10;
      cell.mix.dialect = "replay";
      for (auto& t : cell.statements) t.p95_ms = t.mean_ms * 1.5;
      r.cells.push_back(cell);
    }
  for (const std::string& server : r.info.servers) {
    results::DataSizeRecord d;
    d.server = server;
    d.profile = "default";
    d.engine = "innodb";
    const bool new_one = server == "mysql-9.7";
    d.plans.push_back(replay_fixture_plan(names[0], new_one ? "ALL" : "ref"));
    d.plans.push_back(replay_fixture_plan(names[1], "index"));
    d.plans.push_back(new_one ? replay_fixture_plan(names[2], "", "EXPLAIN of SLEEP is refused")
                              : replay_fixture_plan(names[2], "const"));
    r.data_sizes.push_back(d);
  }
  return r;
}

}  // namespace versus::testing
