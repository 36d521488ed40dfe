#pragma once
// The benchmark account: a user of its own with a random password, so the load never
// runs as root and no password travels in argv.
#include <string>

#include "client/connection.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::server {

inline constexpr const char* kBenchUser = "versus";

// 24 random hex characters from /dev/urandom.
std::string random_password();

// Creates kBenchUser@127.0.0.1 and @localhost with all privileges (version-appropriate SQL).
Expected<void> create_bench_account(client::Connection& admin, const VersionInfo& info,
                                    const std::string& password);

}  // namespace versus::server
