#pragma once
// Facts about the machine a run measured on, gathered once per run and kept in its RunInfo,
// so a report says what hardware and kernel its figures come from.
#include "results/record/record.h"

namespace versus::host {

// Reads gethostname(2), /proc/cpuinfo, /proc/meminfo, uname(2) and cpufreq's
// scaling_governor; a fact that cannot be read stays empty (0 for numbers). Never fails.
results::MachineFacts gather_machine_facts();

}  // namespace versus::host
