#pragma once
// ServerLimits: the server settings a cell can outgrow. Checked before the load so a cell
// fails early with the setting to raise, instead of midway with "Too many connections".
#include <cstdint>
#include <string>

#include "client/connection.h"
#include "load/workload_mix.h"
#include "util/expected.h"

namespace versus::load {

struct ServerLimits {
  std::int64_t max_connections = 0;
  std::int64_t max_prepared_stmt_count = 0;
  std::int64_t open_files_limit = 0;
};

struct LoadNeeds {
  std::int64_t connections = 0;          // client threads + 1 administrative
  std::int64_t prepared_statements = 0;  // per connection: per table, each kind the mix runs
  std::int64_t open_files = 0;           // connections + two files per table, roughly
};

LoadNeeds needs_of(const WorkloadMix& mix, int threads, int tables);

// Who sets the server's limits, so the message says where to raise them: a matrix profile's
// options (servers versus starts), or the server's own my.cnf (`versus bench`).
enum class LimitsOwner { profile, server };

// Empty when the limits suffice; else one line per setting to raise, naming it.
std::string limits_problem(const ServerLimits& limits, const LoadNeeds& needs,
                           LimitsOwner owner = LimitsOwner::profile);

// Reads the limits through `admin` and checks them.
Expected<void> check_server_limits(client::Connection& admin, const WorkloadMix& mix, int threads,
                                   int tables, LimitsOwner owner = LimitsOwner::profile);

}  // namespace versus::load
