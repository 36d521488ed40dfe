#pragma once
// ServerLimits: the server settings a cell can outgrow. Checked before the load so a cell
// fails early with the setting to raise, instead of midway with "Too many connections".
#include <cstdint>
#include <string>
#include <string_view>

#include "client/connection.h"
#include "load/step/workload_mix.h"
#include "util/expected.h"

namespace versus::load {

struct ServerLimits {
  std::int64_t max_connections = 0;
  std::int64_t max_prepared_stmt_count = 0;
  std::int64_t open_files_limit = 0;
  std::int64_t table_open_cache = 0;  // 0: unknown (no cap on open table instances)
};

struct LoadNeeds {
  std::int64_t connections = 0;          // the load's + 1 administrative
  std::int64_t prepared_statements = 0;  // per connection: per table, each kind the mix runs
  std::int64_t open_files = 0;           // connections + the tables' files (below)
};

// Open files: one per connection, plus per table two files, except MyISAM: each session that
// has a MyISAM table open holds its own descriptor of the data file (.MYD) while the index
// file (.MYI) is shared (MySQL manual, "How MySQL Opens and Closes Tables"); at most
// table_open_cache table instances stay open (0: no cap).
LoadNeeds needs_of(const WorkloadMix& mix, int connections, int tables, bool myisam = false,
                   std::int64_t table_open_cache = 0);

// Who sets the server's limits, so the message says where to raise them: a matrix profile's
// options (servers versus starts), or the server's own my.cnf (`versus bench`).
enum class LimitsOwner { profile, server };

// Empty when the limits suffice; else one line per setting to raise, naming it.
std::string limits_problem(const ServerLimits& limits, const LoadNeeds& needs,
                           LimitsOwner owner = LimitsOwner::profile);

// Reads the limits through `admin` and checks them.
// `engine` is the tables' (MyISAM needs more open files).
Expected<void> check_server_limits(client::Connection& admin, const WorkloadMix& mix,
                                   int connections, int tables,
                                   LimitsOwner owner = LimitsOwner::profile,
                                   std::string_view engine = "");

}  // namespace versus::load
