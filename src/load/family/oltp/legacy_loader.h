#pragma once
// LegacyLoader: sysbench 0.4.12's `prepare` for --test=oltp: the table `sbtest` (schema.h)
// with table_size rows, 10000 rows per INSERT as 0.4 sent them.
#include "load/family/loader.h"
#include "util/expected.h"

namespace versus::load {

// Drops and re-creates `sbtest` in database_of(spec.endpoint), which must exist.
Expected<void> load_legacy_table(const LoadSpec& spec);

}  // namespace versus::load
