#include "host/cpu_quota.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "util/proc_files.h"

namespace versus::host {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) parts.push_back(part);
  return parts;
}

std::string read_all(const fs::path& file) {
  return read_proc_file(file);  // "" when it cannot be read, as for /proc
}

// Writes `value` to a cgroup file (one write, as the kernel wants it).
Expected<void> write_file(const fs::path& file, const std::string& value) {
  std::ofstream out(file);
  if (out) out << value << std::flush;
  if (!out) return fail("cannot write " + file.string() + ": " + std::strerror(errno));
  return {};
}

// Mount point of the v1 hierarchy holding the cpu controller, and of the v2 one (mountinfo:
// "... mount-point ... - cgroup cgroup rw,cpu" or "- cgroup2 cgroup2 rw").
struct Mounts {
  fs::path v1_cpu, v2;
};

Mounts mounts() {
  Mounts m;
  std::istringstream in(read_proc_file("/proc/self/mountinfo"));
  for (std::string line; std::getline(in, line);) {
    const auto fields = split(line, ' ');
    const auto dash = line.find(" - ");
    if (fields.size() < 5 || dash == std::string::npos) continue;
    const auto tail = split(line.substr(dash + 3), ' ');
    if (tail.size() < 3) continue;
    if (tail[0] == "cgroup2") m.v2 = fields[4];
    if (tail[0] != "cgroup") continue;
    for (const auto& option : split(tail[2], ','))
      if (option == "cpu") m.v1_cpu = fields[4];
  }
  return m;
}

// versus's own cgroup path in a hierarchy: "N:cpu,cpuacct:/path" (v1) or "0::/path" (v2).
std::string own_path(bool v2) {
  std::istringstream in(read_proc_file("/proc/self/cgroup"));
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (v2 && line.substr(0, first) == "0" && controllers.empty()) return path;
    if (!v2)
      for (const auto& c : split(controllers, ','))
        if (c == "cpu") return path;
  }
  return "/";
}

fs::path unique_child(const fs::path& parent) {
  static std::atomic<int> counter{0};
  return parent / ("versus-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
}

Expected<void> set_limit(const fs::path& dir, bool v2, long quota) {
  if (v2)
    return write_file(dir / "cpu.max",
                      std::to_string(quota) + " " + std::to_string(kQuotaPeriodUs));
  if (auto ok = write_file(dir / "cpu.cfs_period_us", std::to_string(kQuotaPeriodUs)); !ok)
    return ok;
  return write_file(dir / "cpu.cfs_quota_us", std::to_string(quota));
}

// A new cgroup under the controller with the limit set; removed again when the limit fails.
Expected<fs::path> make_cgroup(const CpuController& c, long quota) {
  const fs::path dir = unique_child(c.dir);
  std::error_code ec;
  if (!fs::create_directory(dir, ec))
    return fail("cannot create the cgroup " + dir.string() + ": " +
                (ec ? ec.message() : std::string("it exists")) +
                " (cpu_quota needs root, or a delegated cgroup)");
  if (auto ok = set_limit(dir, c.v2, quota); !ok) {
    ::rmdir(dir.c_str());
    return fail(ok.error());
  }
  return dir;
}

}  // namespace

Expected<CpuController> find_cpu_controller() {
  const Mounts m = mounts();
  if (!m.v1_cpu.empty()) {
    CpuController c{m.v1_cpu / fs::path(own_path(false)).relative_path(), false};
    if (fs::exists(c.dir / "cpu.cfs_quota_us")) return c;
  }
  if (!m.v2.empty()) {
    CpuController c{m.v2 / fs::path(own_path(true)).relative_path(), true};
    const auto controllers = split(read_all(c.dir / "cgroup.subtree_control"), ' ');
    for (auto name : controllers) {
      if (!name.empty() && name.back() == '\n') name.pop_back();
      if (name == "cpu") return c;
    }
    return fail("the cgroup v2 hierarchy has no cpu controller enabled for children of " +
                c.dir.string() + " (cgroup.subtree_control); cpu_quota cannot be applied");
  }
  return fail(
      "no cgroup cpu controller is mounted (v2 cpu.max or v1 cpu.cfs_quota_us); "
      "cpu_quota cannot be applied");
}

Expected<void> check_cpu_quota() {
  auto c = find_cpu_controller();
  if (!c) return fail(c.error());
  auto dir = make_cgroup(*c, quota_us(50, 1));
  if (!dir) return fail(dir.error());
  ::rmdir(dir->c_str());
  return {};
}

long quota_us(int pct, int cpus) {
  return std::lround(static_cast<double>(kQuotaPeriodUs) * cpus * pct / 100.0);
}

Expected<CpuQuota> CpuQuota::apply(pid_t pid, int pct, int cpus) {
  auto c = find_cpu_controller();
  if (!c) return fail(c.error());
  auto dir = make_cgroup(*c, quota_us(pct, cpus));
  if (!dir) return fail(dir.error());
  CpuQuota quota(*dir, c->dir);
  if (auto ok = write_file(*dir / "cgroup.procs", std::to_string(pid)); !ok)
    return fail(ok.error().context("moving the server into its cgroup"));
  return quota;
}

CpuQuota::CpuQuota(CpuQuota&& other) noexcept
    : dir_(std::exchange(other.dir_, {})), parent_(std::move(other.parent_)) {}

CpuQuota::~CpuQuota() {
  if (dir_.empty()) return;
  // A process still inside (a server that would not stop) goes back to the parent first.
  for (const auto& pid : split(read_all(dir_ / "cgroup.procs"), '\n'))
    if (!pid.empty()) (void)write_file(parent_ / "cgroup.procs", pid);
  ::rmdir(dir_.c_str());
}

}  // namespace versus::host
