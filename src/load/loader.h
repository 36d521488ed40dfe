#pragma once
// Loader: creates the sysbench schema and fills it with multi-row INSERTs, tables in
// parallel, then creates the secondary index (after the load, as sysbench does).
#include <cstdint>
#include <string>

#include "client/endpoint.h"
#include "load/random.h"
#include "util/expected.h"

namespace versus::load {

struct LoadSpec {
  client::Endpoint endpoint;  // tables go to endpoint.database, sbtest when empty
  std::string engine = "innodb";
  int tables = 1;             // sbtest1..N; 0 for none
  bool legacy_table = false;  // also sysbench 0.4's table `sbtest` (load/legacy_loader.h)
  std::int64_t table_size = 10000;
  int parallel = 2;  // tables loaded at once
  int rows_per_insert = 1000;
  DistributionParams distribution;
};

// Drops and re-creates sbtest1..N (and sbtest when legacy_table) in the database (created
// when missing).
Expected<void> load_tables(const LoadSpec& spec);

// The database the tables go to: ep.database, or sbtest when it is empty.
std::string database_of(const client::Endpoint& ep);

// Builds one multi-row INSERT of `rows` rows for table `table` (exposed for tests).
std::string build_insert(int table, int rows, std::uint32_t table_size, Random& rng);

}  // namespace versus::load
