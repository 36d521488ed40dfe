#pragma once
// Host placement: which machine each server runs on (servers[].host, hosts[]), checked before
// anything starts. A comparison is of releases, so every server of a matrix runs on the same
// machine (all here, or all on one host); a remote server supports what its agent can do there.
#include "config/plan/plan.h"
#include "config/reading/problems.h"

namespace versus::config {

// Reports a servers[].host naming no hosts[] entry (with "did you mean"), servers on different
// machines, and keys a server on another host cannot honour yet: lifecycle: server,
// server_cpus, cpu_quota and transport: socket given explicitly. `transport_line`: where
// transport was given (0: not in the file).
// thread_placement: colocate pins threads by their kernel ids, so every server must run on this
// machine, and it replaces client_cpus and server_cpus. `line`: where the key was given.
void check_thread_placement(const Plan& p, int line, Problems& problems);

void check_hosts(const Plan& plan, int transport_line, Problems& problems);

}  // namespace versus::config
