#pragma once
// Support for integration tests: the real releases under releases/, temp run dirs,
// running the versus binary, and checking by pid that no server was left running.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace versus::testing {

// releases/mariadb-<version>/usr; REQUIREs it exists (a missing release fails, never skips).
std::filesystem::path release_basedir(const std::string& version);

// A fresh directory under /tmp, removed (with everything in it) on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& text) const;

 private:
  std::filesystem::path path_;
};

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};
// Runs the versus binary with args from the source dir; argument vector, no shell.
CommandResult run_versus(const std::vector<std::string>& args);

// Every pid recorded in <run_dir>/servers.pids that still runs a server or mysqld_safe.
std::vector<int> live_recorded_servers(const std::filesystem::path& run_dir);

}  // namespace versus::testing
