#include "host/run_directory.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ctime>
#include <fstream>

#include "util/subprocess.h"

namespace versus::host {
namespace fs = std::filesystem;

namespace {
std::string utc_format(const char* format) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

fs::path unused_default_dir() {
  fs::path base = fs::path("results") / timestamp_id();
  fs::path p = base;
  for (int n = 2; fs::exists(p); ++n) p = base.string() + "-" + std::to_string(n);
  return p;
}
}  // namespace

std::string timestamp_id() {
  return utc_format("%Y%m%d-%H%M%S");
}
std::string iso_now() {
  return utc_format("%Y-%m-%dT%H:%M:%SZ");
}

Expected<RunDirectory> RunDirectory::create(const fs::path& dir) {
  fs::path p = fs::absolute(dir.empty() ? unused_default_dir() : dir).lexically_normal();
  if (auto hazard = shell_script_hazard(p); !hazard.empty())
    return fail("cannot use the run directory: " + hazard);
  std::error_code ec;
  fs::create_directories(p / "logs", ec);
  if (!ec) fs::create_directories(p / "instances", ec);
  if (ec) return fail("cannot create the run directory " + p.string() + ": " + ec.message());
  if (::access(p.c_str(), W_OK) != 0)
    return fail("the run directory " + p.string() + " is not writable");
  fs::permissions(p, fs::perms::owner_all, ec);
  return RunDirectory(p);
}

Expected<RunDirectory> RunDirectory::open(const fs::path& dir) {
  fs::path p = fs::absolute(dir).lexically_normal();
  if (!fs::exists(p / "results.json"))
    return fail(p.string() + " is not a run directory (no results.json)");
  return RunDirectory(p);
}

Expected<void> RunDirectory::record_server(int safe_pid, int server_pid,
                                           const std::string& instance) const {
  std::string line =
      std::to_string(safe_pid) + " " + std::to_string(server_pid) + " " + instance + "\n";
  int fd = ::open(pids_file().c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0) return fail("cannot write " + pids_file().string());
  bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) &&
            ::fsync(fd) == 0;
  ::close(fd);
  if (!ok) return fail("cannot write " + pids_file().string());
  return {};
}

Expected<void> RunDirectory::write_secret(const std::string& password) const {
  fs::path file = path_ / "client.cnf";
  {
    std::ofstream out(file, std::ios::trunc);
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
    out << "[client]\nuser=versus\npassword=" << password << "\n";
    if (!out) return fail("cannot write " + file.string());
  }
  return {};
}

}  // namespace versus::host
