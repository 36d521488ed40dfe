#pragma once
// PopulationLoader: the TPC-C tables of `warehouses` warehouses (load/family/tpcc/tpcc_schema.h)
// filled as clause 4.3 populates them (load/family/tpcc/population_rows.h), loaded the way
// versus loads sbtest: each (table, warehouse) one LOAD DATA LOCAL of generated rows, multi-row
// INSERTs when the server refuses LOCAL, `parallel` of them at once on their own connections,
// the binary log skipped where allowed, the secondary indexes after the rows.
#include <cstdint>
#include <string>
#include <vector>

#include "client/connection.h"
#include "load/family/loader.h"
#include "util/expected.h"

namespace versus::load::tpcc {

// The version of TPC-C's tables and rows: raised whenever they change, so that instances an
// older versus cached are not reused (run/instance_cache.h).
// 2: the counters and year-to-date sums widened (tpcc_schema.cpp).
inline constexpr int kPopulationVersion = 2;

// Drops and re-creates the nine tables in spec.endpoint's database (which must exist) and
// loads spec.warehouses warehouses; spec.engine, charset, collation, parallel and
// rows_per_insert as for sbtest.
Expected<void> load_population(const LoadSpec& spec);

// Drops the nine tables, those that exist.
Expected<void> drop_population(client::Connection& conn);

// The nine table names, in load order.
std::vector<std::string> population_table_names();

// The load's timestamp text "YYYY-MM-DD hh:mm:ss" (UTC) of `seconds` since the epoch.
std::string load_timestamp(std::int64_t seconds);

}  // namespace versus::load::tpcc
