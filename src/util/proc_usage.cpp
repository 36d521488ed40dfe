#include "util/proc_usage.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "util/proc_files.h"

namespace versus {
namespace fs = std::filesystem;

namespace {
double ticks_per_second() {
  static const double hz = [] {
    const long t = ::sysconf(_SC_CLK_TCK);
    return t > 0 ? static_cast<double>(t) : 100.0;
  }();
  return hz;
}

// The value after "key:" on its own line of a /proc status-like text; 0 when absent.
std::uint64_t field_value(const std::string& text, const std::string& key) {
  std::size_t at = 0;
  while ((at = text.find(key, at)) != std::string::npos) {
    const bool line_start = at == 0 || text[at - 1] == '\n';
    const std::size_t colon = at + key.size();
    if (line_start && colon < text.size() && text[colon] == ':') {
      std::istringstream in(text.substr(colon + 1, 32));
      std::uint64_t v = 0;
      in >> v;
      return v;
    }
    at = colon;
  }
  return 0;
}

// pid -> parent pid for every process, from one pass over /proc.
std::map<pid_t, pid_t> parents() {
  std::map<pid_t, pid_t> out;
  for (const pid_t pid : proc_ids("/proc")) {
    const std::string line = read_proc_file("/proc/" + std::to_string(pid) + "/stat");
    const auto close = line.rfind(')');
    if (close == std::string::npos || close + 2 >= line.size()) continue;  // gone
    std::istringstream rest(line.substr(close + 2));
    char state = 0;
    long long ppid = 0;
    if (rest >> state >> ppid && state != 'Z' && state != 'X') out[pid] = static_cast<pid_t>(ppid);
  }
  return out;
}

void sample_process(pid_t pid, TreeSample& out) {
  const fs::path dir = "/proc/" + std::to_string(pid);
  const auto times = parse_stat_times(read_proc_file(dir / "stat"));
  if (!times) return;  // gone
  ProcessUsage u;
  u.user_s = static_cast<double>(times->first) / ticks_per_second();
  u.system_s = static_cast<double>(times->second) / ticks_per_second();
  parse_io(read_proc_file(dir / "io"), u);  // "": ended since; its counters read 0
  u.peak_rss_bytes = parse_status_kb(read_proc_file(dir / "status"), "VmHWM");
  out.processes[pid] = u;
  for (const pid_t tid : proc_ids(dir / "task")) {
    const std::string status = read_proc_file(dir / "task" / std::to_string(tid) / "status");
    if (!status.empty()) out.threads[tid] = parse_switches(status);  // "": the thread ended
  }
}

template <class T, class F>
void add_delta(const std::map<pid_t, T>& before, const std::map<pid_t, T>& after, F add) {
  static const T zero{};
  for (const auto& [id, now] : after) {
    const auto it = before.find(id);
    add(now, it == before.end() ? zero : it->second);
  }
}

// after - before, never below 0 (a counter that went down belongs to a reused id).
std::uint64_t grown(std::uint64_t after, std::uint64_t before) {
  return after > before ? after - before : 0;
}
}  // namespace

std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_stat_times(const std::string& line) {
  const auto close = line.rfind(')');
  if (close == std::string::npos || close + 2 >= line.size()) return std::nullopt;
  std::istringstream rest(line.substr(close + 2));
  std::string field;
  std::uint64_t utime = 0, stime = 0;
  // After comm: state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt(13).
  for (int i = 3; i <= 13; ++i)
    if (!(rest >> field)) return std::nullopt;
  if (!(rest >> utime >> stime)) return std::nullopt;
  return std::pair{utime, stime};
}

ThreadSwitches parse_switches(const std::string& text) {
  return {field_value(text, "voluntary_ctxt_switches"),
          field_value(text, "nonvoluntary_ctxt_switches")};
}

std::uint64_t parse_status_kb(const std::string& text, const std::string& key) {
  return field_value(text, key) * 1024;
}

void parse_io(const std::string& text, ProcessUsage& out) {
  out.rchar = field_value(text, "rchar");
  out.wchar = field_value(text, "wchar");
  out.read_bytes = field_value(text, "read_bytes");
  out.write_bytes = field_value(text, "write_bytes");
}

std::optional<HostTimes> parse_host_times(const std::string& line, double ticks_per_s) {
  std::istringstream in(line);
  std::string label;
  std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                steal = 0;
  if (!(in >> label) || label != "cpu") return std::nullopt;
  if (!(in >> user >> nice >> system >> idle >> iowait >> irq >> softirq)) return std::nullopt;
  in >> steal;  // absent before Linux 2.6.11
  auto s = [ticks_per_s](std::uint64_t ticks) { return static_cast<double>(ticks) / ticks_per_s; };
  return HostTimes{s(user + nice + system + irq + softirq), s(idle), s(iowait), s(steal)};
}

double host_busy_between(const HostTimes& b, const HostTimes& a, double wall_s, int cpus) {
  const double not_running =
      (a.idle_s - b.idle_s) + (a.iowait_s - b.iowait_s) + (a.steal_s - b.steal_s);
  return std::max(0.0, wall_s * cpus - not_running);
}

std::vector<pid_t> process_tree(pid_t root) {
  const auto parent = parents();
  if (!parent.count(root)) return {};
  std::vector<pid_t> tree{root};
  for (std::size_t i = 0; i < tree.size(); ++i)
    for (const auto& [pid, ppid] : parent)
      if (ppid == tree[i] && pid != root) tree.push_back(pid);
  return tree;
}

TreeSample sample_tree(pid_t root) {
  return sample_processes(process_tree(root));
}

TreeSample sample_processes(const std::vector<pid_t>& pids) {
  TreeSample out;
  for (pid_t pid : pids) sample_process(pid, out);
  return out;
}

TreeDelta tree_delta(const TreeSample& before, const TreeSample& after) {
  TreeDelta d;
  add_delta(before.processes, after.processes, [&](const ProcessUsage& a, const ProcessUsage& b) {
    d.user_s += std::max(0.0, a.user_s - b.user_s);
    d.system_s += std::max(0.0, a.system_s - b.system_s);
    d.rchar += grown(a.rchar, b.rchar);
    d.wchar += grown(a.wchar, b.wchar);
    d.read_bytes += grown(a.read_bytes, b.read_bytes);
    d.write_bytes += grown(a.write_bytes, b.write_bytes);
    d.peak_rss_bytes = std::max(d.peak_rss_bytes, a.peak_rss_bytes);
    ++d.processes;
  });
  add_delta(before.threads, after.threads, [&](const ThreadSwitches& a, const ThreadSwitches& b) {
    d.voluntary += grown(a.voluntary, b.voluntary);
    d.involuntary += grown(a.involuntary, b.involuntary);
  });
  return d;
}

HostTimes host_times() {
  const std::string text = read_proc_file("/proc/stat");
  return parse_host_times(text.substr(0, text.find('\n')), ticks_per_second())
      .value_or(HostTimes{});
}

}  // namespace versus
