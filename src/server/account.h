#pragma once
// The benchmark account: a user of its own with a random password, so the load never
// runs as root and no password travels in argv.
#include <string>
#include <vector>

#include "client/connection.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::server {

inline constexpr const char* kBenchUser = "versus";

// 24 random hex characters from /dev/urandom.
std::string random_password();

// The administration account of a server on another host (remote/agent.h): its root is reachable
// only over the host's own socket, so the client gets this one, granted to its address only.
inline constexpr const char* kRemoteAdminUser = "versus_admin";

// Creates `user` at each of `hosts` with all privileges (version-appropriate SQL), WITH GRANT
// OPTION when `grant_option`.
Expected<void> create_account(client::Connection& admin, const VersionInfo& info,
                              const std::string& user, const std::string& password,
                              const std::vector<std::string>& hosts, bool grant_option = false);
// Creates kBenchUser@127.0.0.1 and @localhost with all privileges.
Expected<void> create_bench_account(client::Connection& admin, const VersionInfo& info,
                                    const std::string& password);

}  // namespace versus::server
