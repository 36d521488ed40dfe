#pragma once
// RunDirectory: results/<run-id>/ and everything a run writes, all inside it (0700).
//   results.json            the records (results::ResultStore)
//   client.cnf              the benchmark account's password (0600)
//   servers.pids            every mysqld_safe and server pid the run started
//   run.log                 every command, server start/stop, retry and timing (no password)
//   instances/<instance>/   my.cnf, snapshot/ (the loaded datadir), data/ (the live copy)
//   logs/<cell>.error.log   each cell's server error log, kept
#include <filesystem>
#include <string>

#include "util/expected.h"

namespace versus::host {

class RunDirectory {
 public:
  // Creates `dir` (or, when empty, results/<YYYYmmdd-HHMMSS>[-N]) with mode 0700.
  static Expected<RunDirectory> create(const std::filesystem::path& dir);
  // An existing run directory, to resume it.
  static Expected<RunDirectory> open(const std::filesystem::path& dir);
  // A run's directory on a server's host (remote/agent.h): its instances and pid journal only.
  static RunDirectory on_host(const std::filesystem::path& dir) { return RunDirectory(dir); }
  // The copy of the matrix file the run was started with.
  std::filesystem::path matrix_copy() const { return path_ / "matrix.yaml"; }
  // The command line's --server/--set of the run (config/plan/overrides.h), when it had any.
  std::filesystem::path overrides_copy() const { return path_ / "matrix.overrides"; }

  const std::filesystem::path& path() const { return path_; }
  std::string id() const { return path_.filename().string(); }
  std::filesystem::path instance_dir(const std::string& instance) const {
    return path_ / "instances" / instance;
  }
  std::filesystem::path log_path(const std::string& cell) const {
    return path_ / "logs" / (cell + ".error.log");
  }
  // Appends "<safe_pid> <server_pid> <instance>" to servers.pids (fsynced): the record of
  // every server this run started, so a later run or test can check them by pid.
  Expected<void> record_server(int safe_pid, int server_pid, const std::string& instance) const;
  std::filesystem::path pids_file() const { return path_ / "servers.pids"; }
  // What the run did (util/log.h): commands, server starts and stops, retries, timings.
  std::filesystem::path run_log() const { return path_ / "run.log"; }
  // Writes the benchmark password to client.cnf, mode 0600.
  Expected<void> write_secret(const std::string& password) const;

 private:
  explicit RunDirectory(std::filesystem::path p) : path_(std::move(p)) {}
  std::filesystem::path path_;
};

// "20261129-231731", UTC.
std::string timestamp_id();
// ISO-8601 UTC now: "2026-11-29T23:17:31Z".
std::string iso_now();

}  // namespace versus::host
