#pragma once
// servers[].data_from: a server whose instances are copies of an earlier server's prepared
// instances, restarted with its own my.cnf (run/derived_instance.h). Checked before anything
// starts: the copy must be of the same release's datadir, prepared earlier in the run.
#include "config/plan/plan.h"
#include "config/reading/problems.h"

namespace versus::config {

// Reports a data_from naming no server (with "did you mean"), itself or a later server, a
// server of another basedir, a server on another host, and any data_from under
// lifecycle: server (one datadir per server and profile, loaded in place: nothing to copy).
void check_data_from(const Plan& plan, Problems& problems);

}  // namespace versus::config
