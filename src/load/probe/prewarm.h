#pragma once
// Prewarm: the tables read into the server's cache before the warmup, so a server
// restarted from a snapshot does not spend its first measured seconds filling the buffer
// pool. sysbench 1.0.20's `prewarm` command does the same per table (after ANALYZE TABLE):
// a scan of the clustered index forced on PRIMARY, and a scan of the secondary index k.
// Here each is an aggregate over the index itself (AVG(id) FORCE INDEX (PRIMARY); SUM(k),
// which the optimizer answers from the covering index k, or from the clustered index when the
// table has none), so no derived table is materialized (sysbench raises tmp_table_size to
// 2G for that) and nothing is written: no ANALYZE TABLE, whose statistics the snapshot
// already has. The scans run one after another on one connection.
#include <string>
#include <vector>

#include "client/connection.h"
#include "util/expected.h"

namespace versus::load {

// What the prewarm read: tables, and how long it took (wall-clock seconds).
struct PrewarmResult {
  int tables = 0;
  double seconds = 0;
};

// The statements that read one table's indexes: sysbench 1.0 tables are sbtest1..N;
// `legacy` (sysbench 0.4's one table) is sbtest.
std::vector<std::string> prewarm_statements(int table, bool legacy);

// Reads sbtest1..`tables` (or sbtest alone when `legacy`) over `conn`.
Expected<PrewarmResult> prewarm_tables(client::Connection& conn, int tables, bool legacy);

// Runs `statements` (each an aggregate read) one after another over `conn`: `tables` tables
// read. A family's prewarm (load/family/workload_family.h).
Expected<PrewarmResult> prewarm_reading(client::Connection& conn,
                                        const std::vector<std::string>& statements, int tables);

}  // namespace versus::load
