#pragma once
// Agent: `versus agent --workdir DIR`, the same binary as the client, copied to a server's host
// and run there over ssh by the client (remote/remote_host.h). It reads requests on its input and
// answers each on its output, one line each (remote/agent_protocol.h), doing the work with the
// local host a local run uses (host/local_host.h): datadir initialization and copies,
// mysqld_safe with --defaults-file first, pids journalled, stops by pid; and release detection. It owns every server it starts: when
// its input ends (the client finished, or the ssh connection dropped) or on SIGHUP, SIGTERM or
// SIGINT, it stops them all before it exits. Every path a request names must lie inside the
// work directory (the client's copies of releases included), except a release installed on
// the host (servers[].host_basedir), which it only reads and runs; nothing outside the work
// directory is written or removed.
#include <filesystem>
#include <iosfwd>

namespace versus::remote {

struct AgentOptions {
  std::filesystem::path workdir;  // absolute; created when missing
};

// Serves requests read from file descriptor `in` until it ends or a signal comes; returns the
// process exit status (0, 2 when the work directory is unusable, 4 after an unexpected
// failure, its servers stopped).
int run_agent(const AgentOptions& options, int in, std::ostream& out);

}  // namespace versus::remote
