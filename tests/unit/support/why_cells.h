#pragma once
// A why run's cells for the tests of its split and its writer: one ok oltp_read_write cell of
// `server` under profile "p", innodb, 1000 rows, at `threads`, in round `round`, with `tps`.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <utility>

#include "results/record/record.h"
#include "results/record/store.h"
#include "results/record/why_record.h"

namespace versus::testing {

inline results::CellRecord why_cell(const std::string& server, int round, double tps,
                                    int threads = 4) {
  results::CellRecord c;
  c.server = server;
  c.profile = "p";
  c.engine = "innodb";
  c.workload = "oltp_read_write";
  c.table_size = 1000;
  c.threads = threads;
  c.repeat = round;
  c.tps = tps;
  return c;
}

// A run directory `dir` with one why run (column c against b under p: durability made alike
// 75, all alike 90, as shipped 60, in 5 rounds at 4 threads; at 16 threads all the same
// speed) and one column skipped (e).
inline void write_why_run_dir(const std::filesystem::path& dir) {
  results::RunResults r;
  r.info.servers = {"b", "c", "c.d", "c.all"};
  for (int round = 0; round < 5; ++round) {
    const double e = 1 + 0.004 * (round % 3);
    for (auto [server, tps] : {std::pair{"b", 100.0}, {"c", 60.0}, {"c.d", 75.0}, {"c.all", 90.0}})
      r.cells.push_back(why_cell(server, round, tps * e));
    for (const char* server : {"b", "c", "c.d", "c.all"})
      r.cells.push_back(why_cell(server, round, 50 * (1 + 0.01 * ((round * 7) % 5)), 16));
  }
  REQUIRE(results::ResultStore::create(dir / "why-c", r));
  const results::WhyDesign d{"b",
                             "c",
                             "p",
                             {{"durability", "c.d", {"log_bin ON -> OFF"}}},
                             "c.all",
                             {"memory and logs: innodb_change_buffering: absent"},
                             {"schema"},
                             ""};
  REQUIRE(results::save_why_design(dir / "why-c", d));
  REQUIRE(results::save_explain_skips(dir, {{"e", "no row's gap to b is decided"}}));
}

}  // namespace versus::testing
