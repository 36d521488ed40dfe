#pragma once
// MatrixOverrides: what the command line changes in a matrix file, `--server NAME=BASEDIR`
// (the basedir of server NAME) and `--set KEY=VALUE` (a top-level key, VALUE read as YAML).
// A run directory keeps them beside its copy of the matrix, so --resume applies them again.
#include <filesystem>
#include <string>
#include <vector>

#include "util/expected.h"

namespace versus::config {

struct MatrixOverrides {
  std::vector<std::string> servers;  // "NAME=BASEDIR", as given
  std::vector<std::string> sets;     // "KEY=VALUE", as given
  bool empty() const { return servers.empty() && sets.empty(); }
};

// One override per line: "--server NAME=BASEDIR" or "--set KEY=VALUE".
std::string overrides_text(const MatrixOverrides& overrides);
// Reads overrides_text() back; a missing file is no override.
Expected<MatrixOverrides> read_overrides_file(const std::filesystem::path& file);

}  // namespace versus::config
