#pragma once
// Preflight: every check that can fail before anything is started. Detects each
// server's release and reads each profile's files; errors name the matrix file and line.
#include <vector>

#include "config/plan/plan.h"
#include "server/my_cnf.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::run {

struct Preflight {
  std::vector<server::Release> releases;                           // by plan server index
  std::vector<std::vector<server::CnfFragment>> fragments;         // by plan profile index
  std::vector<std::vector<server::CnfFragment>> server_fragments;  // by plan server index
};

Expected<Preflight> run_preflight(const config::Plan& plan);

// What server `i`'s release (`release`) cannot do of the plan's table_charset /
// table_collation and its profiles' equalize groups (server/equalize.h): one
// "file:line: key: value: servers[i] (name): why" line each; "" when nothing.
std::string table_settings_problems(const config::Plan& plan, std::size_t i,
                                    const server::VersionInfo& release);

}  // namespace versus::run
