#pragma once
// Preflight: every check that can fail before anything is started. Detects each
// server's release and reads each profile's files; errors name the matrix file and line.
#include <vector>

#include "config/plan.h"
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

}  // namespace versus::run
