#pragma once
// The tables of a workload file, created and filled on a server: each dropped when it exists,
// created by its own CREATE statement, then its rows generated (custom_rows.h) and sent with
// one LOAD DATA LOCAL, or multi-row INSERTs where the server refuses LOCAL. Failures name the
// workload file, the table's line and the server's message.
#include <string>
#include <vector>

#include "client/connection.h"
#include "load/family/loader.h"
#include "sysbench/custom_workload.h"
#include "util/expected.h"

namespace versus::load::custom {

// Creates and fills `workload`'s tables in spec.endpoint's database (which must exist), rows
// drawn with spec.distribution from a seed fixed per table (every instance gets the same rows).
Expected<void> load_custom_tables(const LoadSpec& spec, const sysbench::CustomWorkload& workload);

// Drops `workload`'s tables where they exist, in reverse creation order (foreign keys).
Expected<void> drop_custom_tables(client::Connection& conn,
                                  const sysbench::CustomWorkload& workload);

// "`name`", a backquote inside doubled.
std::string quoted_name(const std::string& name);

}  // namespace versus::load::custom
