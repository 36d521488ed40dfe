#pragma once
// ServerStatus: the server's SHOW GLOBAL STATUS counters as a map, and the difference
// between two snapshots. Used to check that a load issues exactly the statements and row
// operations sysbench does (the fidelity test) and by `versus bench run --status-deltas`.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "client/connection.h"
#include "util/expected.h"

namespace versus::load {

// Variable name -> value, numeric variables only (ON/OFF and the like are dropped).
using StatusSnapshot = std::map<std::string, std::uint64_t>;
// Variable name -> after - before; negative for gauges that went down.
using StatusDelta = std::map<std::string, std::int64_t>;

// Builds a snapshot from (name, value) rows; rows whose value is not a whole
// non-negative number are skipped. Pure.
StatusSnapshot parse_status_rows(const std::vector<client::Row>& rows);

// Runs SHOW GLOBAL STATUS on `conn`. The statement itself bumps a few counters
// (Com_show_status, temporary-table handler calls): the same amount every time.
Expected<StatusSnapshot> snapshot_status(client::Connection& conn);

// after - before for every variable present in both snapshots. Pure.
StatusDelta status_delta(const StatusSnapshot& before, const StatusSnapshot& after);

// The counters a sysbench workload moves, in report order: statements by kind, handler
// calls and row counts. Rows_* and Sort_rows are MariaDB's; Innodb_rows_* exist in MySQL
// (MariaDB 10.11 no longer has them): a server reports only some of these.
const std::vector<std::string>& workload_counters();

// The delta of `name`, 0 when it is missing.
std::int64_t delta_of(const StatusDelta& delta, const std::string& name);

}  // namespace versus::load
