#include "host/leftovers.h"

#include <signal.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "util/pid.h"
#include "util/whole_file.h"

namespace versus::host {
namespace {
struct Recorded {
  pid_t safe = 0, server = 0;
  std::string instance;
};

// The journal, plus each instance's pid file: mysqld_safe may have restarted a crashed
// server under a pid the journal never saw.
std::vector<Recorded> read_journal(const RunDirectory& run) {
  std::istringstream in(read_whole_file(run.pids_file()).value_or(std::string()));
  std::vector<Recorded> out;
  Recorded r;
  while (in >> r.safe >> r.server >> r.instance) out.push_back(r);
  std::error_code ec;
  for (std::filesystem::directory_iterator it(run.path() / "instances", ec), end; !ec && it != end;
       it.increment(ec))
    if (auto pid = read_pid_file(it->path() / "mysqld.pid"))
      out.push_back({0, *pid, it->path().filename().string()});
  return out;
}

bool is_ours(pid_t pid, const RunDirectory& run) {
  std::string name = process_name(pid);
  bool server_like = name == "mariadbd" || name == "mysqld" || name == "mysqld_safe";
  return process_alive(pid) && server_like &&
         process_cmdline(pid).find(run.path().string()) != std::string::npos;
}

bool wait_gone(pid_t pid, std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (process_alive(pid) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return !process_alive(pid);
}
}  // namespace

std::vector<std::string> stop_leftover_servers(const RunDirectory& run,
                                               std::chrono::milliseconds grace) {
  std::vector<std::string> stopped;
  auto journal = read_journal(run);
  for (const auto& r : journal)
    if (is_ours(r.safe, run)) {
      ::kill(r.safe, SIGKILL);  // mysqld_safe ignores SIGTERM and would restart the server
      stopped.push_back("killed mysqld_safe " + std::to_string(r.safe) + " (" + r.instance + ")");
    }
  for (const auto& r : journal) {
    if (!is_ours(r.server, run)) continue;
    ::kill(r.server, SIGTERM);
    bool clean = wait_gone(r.server, grace);
    if (!clean) ::kill(r.server, SIGKILL);
    stopped.push_back((clean ? "stopped server " : "killed server ") + std::to_string(r.server) +
                      " (" + r.instance + ")");
  }
  return stopped;
}

}  // namespace versus::host
