#pragma once
// A tpcc run of two releases, old and new, 8 connections at 2 warehouses, two repeats each (the
// new one's third failed, left out of every figure), and old's one cell at 1 warehouse: each
// ok cell with its five kinds, NOPM and TPM as the engine records them.
#include <string>

#include "results/record/record.h"

namespace versus::testing {

// A tpcc cell of `server`: 10 s measured, `scale` times the base counts, latencies / scale.
inline results::CellRecord tpcc_cell(const std::string& server, int repeat, double scale) {
  results::CellRecord c;
  c.server = server;
  c.profile = "default";
  c.engine = "innodb";
  c.workload = "tpcc";
  c.threads = 8;
  c.repeat = repeat;
  c.table_size = 2;
  c.seconds = 10;
  c.mix = {};  // what the engine records for tpcc: no sysbench statement counts
  c.mix.point_selects = c.mix.simple_ranges = c.mix.sum_ranges = c.mix.order_ranges = 0;
  c.mix.distinct_ranges = c.mix.index_updates = c.mix.non_index_updates = 0;
  c.mix.delete_inserts = 0;
  c.mix.dialect = "tpcc";
  const char* names[] = {"new_order", "payment", "order_status", "delivery", "stock_level"};
  const std::uint64_t counts[] = {450, 430, 40, 40, 40};
  for (int k = 0; k < 5; ++k) {
    measured::TransactionKind kind;
    kind.name = names[k];
    kind.transactions = static_cast<std::uint64_t>(static_cast<double>(counts[k]) * scale);
    kind.retried = k == 0 ? 9 : 0;
    kind.latency.p50 = (k + 1) * 1.5 / scale;
    kind.latency.p95 = (k + 1) * 4.0 / scale;
    kind.latency.p99 = (k + 1) * 7.25 / scale;
    c.counters.transactions += kind.transactions;
    c.kinds.push_back(kind);
  }
  c.tps = static_cast<double>(c.counters.transactions) / c.seconds;
  c.tpm = c.tps * 60;
  c.nopm = static_cast<double>(c.kinds.front().transactions) * 6;
  c.nopm_server = c.nopm * 0.99;  // the server's count leaves out the rolled-back 1%
  for (int n = 1; n <= 10; ++n) c.consistency.push_back({n, 0});
  return c;
}

inline results::RunResults tpcc_fixture() {
  results::RunResults r;
  r.info = {"20260105-100000", "tpcc.yaml", "2026-01-05T10:00:00Z", "0.1.0", {"old", "new"},
            {"default"},       {}};
  for (int repeat = 0; repeat < 2; ++repeat) {
    r.cells.push_back(tpcc_cell("old", repeat, 1.0 + 0.1 * repeat));
    r.cells.push_back(tpcc_cell("new", repeat, 1.2));
  }
  auto failed = tpcc_cell("new", 2, 5.0);
  failed.status = results::CellStatus::failed;
  failed.error =
      "TPC-C consistency condition 2 (d_next_o_id - 1 = max(o_id) = max(no_o_id) in each "
      "district) does not hold in 1 row(s)";
  r.cells.push_back(failed);
  auto other = tpcc_cell("old", 0, 1.0);
  other.table_size = 1;
  r.cells.push_back(other);
  return r;
}

}  // namespace versus::testing
