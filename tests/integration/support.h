#pragma once
// Support for integration tests: the real releases under releases/, temp run dirs,
// running the versus binary, and checking by pid that no server was left running.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "results/record/record.h"

namespace versus::testing {

// releases/mariadb-<version>/usr; REQUIREs it exists (a missing release fails, never skips).
std::filesystem::path release_basedir(const std::string& version);
// releases/<name>/usr for any fetched release ("mysql-9.7", "mariadb-11.8": the links
// scripts/fetch-releases.sh keeps to the patch level it fetched); REQUIREs it exists.
std::filesystem::path named_release_basedir(const std::string& name);

// A fresh directory under /tmp, removed (with everything in it) on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;  // two owners would remove it twice
  TempDir& operator=(const TempDir&) = delete;
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
// The same for any program, named by its path.
CommandResult run_command(const std::string& program, const std::vector<std::string>& args);

// Every server or mysqld_safe of this run still running: the pids in <run_dir>/servers.pids,
// and any such process whose command line names run_dir.
std::vector<int> live_recorded_servers(const std::filesystem::path& run_dir);

// `versus run -q` of the matrix `text` (written to tmp/matrix.yaml) into tmp/run: requires
// exit 0 and nothing left running, and returns the run's results.json.
results::RunResults run_matrix_ok(const TempDir& tmp, const std::string& text);

}  // namespace versus::testing

namespace versus::testing {

// versus running in the background, its output going to a file; killed (SIGKILL) and
// reaped on destruction if still running. The servers it started are the test's to check.
class BackgroundVersus {
 public:
  explicit BackgroundVersus(const std::vector<std::string>& args);
  // `prefix` runs it: {"/usr/sbin/ip", "netns", "exec", NS} (a program, by its path, that
  // execs versus in its place, so pid() is versus's).
  BackgroundVersus(const std::vector<std::string>& args, const std::vector<std::string>& prefix);
  ~BackgroundVersus();
  int pid() const;
  bool running();
  // Waits for the process to end; returns its exit code (128+signal when killed by one).
  int wait(std::chrono::seconds limit = std::chrono::seconds(120));
  std::string output() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Polls `predicate` every 50 ms until true (returns true) or `limit` passes (false).
bool wait_until(const std::function<bool()>& predicate, std::chrono::seconds limit);

// Lines of <run_dir>/servers.pids as (safe pid, server pid).
std::vector<std::pair<int, int>> recorded_servers(const std::filesystem::path& run_dir);

// A one-server matrix on release 10.11.19 with the given threads and duration.
std::string one_release_matrix(const std::string& threads, const std::string& duration);

}  // namespace versus::testing
