#pragma once
// The workload-file family: a file's own tables (or sysbench's sbtest1..N for a file that has
// none), filled from its generators (custom_loader.h), and its named transactions, each
// statement its own class (custom_program.h); docs/own-sql.md.
#include "load/family/workload_family.h"

namespace versus::load {

const WorkloadFamily& custom_family();

}  // namespace versus::load
