#include "util/cpu_affinity.h"

#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <set>

namespace versus {
namespace {

// A CPU number: decimal digits only, within 0..kMaxCpu.
std::optional<int> parse_cpu(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || text[0] == '-' || ec != std::errc{} || stop != end) return std::nullopt;
  if (value > kMaxCpu) return std::nullopt;
  return value;
}

// One comma-separated item, "3" or "2-5", added to `cpus`; false when malformed.
bool add_item(std::string_view item, std::set<int>& cpus) {
  const std::size_t dash = item.find('-');
  auto low = parse_cpu(item.substr(0, dash));
  auto high = dash == item.npos ? low : parse_cpu(item.substr(dash + 1));
  if (!low || !high || *low > *high) return false;
  for (int cpu = *low; cpu <= *high; ++cpu) cpus.insert(cpu);
  return true;
}

cpu_set_t to_set(const std::vector<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus) CPU_SET(static_cast<std::size_t>(cpu), &set);
  return set;
}

// The thread ids of `pid` (its own id included); just `pid` when /proc lists none.
std::vector<pid_t> threads_of(pid_t pid) {
  std::vector<pid_t> tids;
  std::error_code ec;
  const std::filesystem::path dir = "/proc/" + std::to_string(pid) + "/task";
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    pid_t tid = 0;
    auto [stop, err] = std::from_chars(name.data(), name.data() + name.size(), tid);
    if (err == std::errc{} && stop == name.data() + name.size()) tids.push_back(tid);
  }
  if (tids.empty()) tids.push_back(pid);
  return tids;
}

}  // namespace

std::optional<std::vector<int>> parse_cpu_list(std::string_view text) {
  std::set<int> cpus;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == text.npos) comma = text.size();
    if (!add_item(text.substr(start, comma - start), cpus)) return std::nullopt;
    if (comma == text.size() - 1) return std::nullopt;  // trailing comma
    start = comma + 1;
  }
  return std::vector<int>(cpus.begin(), cpus.end());
}

std::string format_cpu_list(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += '-' + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

std::vector<int> allowed_cpus(pid_t pid) {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (::sched_getaffinity(pid, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu <= kMaxCpu; ++cpu)
    if (CPU_ISSET(static_cast<std::size_t>(cpu), &set)) cpus.push_back(cpu);
  return cpus;
}

Expected<void> pin_thread(pid_t tid, const std::vector<int>& cpus) {
  const cpu_set_t set = to_set(cpus);
  if (::sched_setaffinity(tid, sizeof set, &set) == 0 || errno == ESRCH) return {};
  return fail("cannot pin thread " + std::to_string(tid) + " to CPUs " + format_cpu_list(cpus) +
              ": " + std::strerror(errno));
}

Expected<void> pin_process(pid_t pid, const std::vector<int>& cpus) {
  if (cpus.empty()) return {};
  const cpu_set_t set = to_set(cpus);
  const pid_t target = pid == 0 ? ::getpid() : pid;
  for (pid_t tid : threads_of(target)) {
    if (::sched_setaffinity(tid, sizeof set, &set) == 0 || errno == ESRCH) continue;
    return fail("cannot pin " + std::to_string(tid) + " to CPUs " + format_cpu_list(cpus) + ": " +
                std::strerror(errno));
  }
  return {};
}

}  // namespace versus
