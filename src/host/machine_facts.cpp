#include "host/machine_facts.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <sstream>
#include <string>
#include <thread>

#include "util/proc_files.h"

namespace versus::host {
namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  const auto last = text.find_last_not_of(" \t\r\n");
  return first == std::string::npos ? "" : text.substr(first, last - first + 1);
}

// The value after "name:" on the first line of `file` starting with `name`; "" when none.
std::string field_of(const char* file, const std::string& name) {
  std::istringstream in(read_proc_file(file));
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(name, 0) == 0)
      if (const auto colon = line.find(':'); colon != std::string::npos)
        return trim(line.substr(colon + 1));
  return "";
}

std::string first_line(const char* file) {
  const std::string text = read_proc_file(file);
  return trim(text.substr(0, text.find('\n')));
}

// "Linux 6.1.0-18-amd64 x86_64".
std::string kernel() {
  utsname u{};
  if (::uname(&u) != 0) return "";
  return std::string(u.sysname) + " " + u.release + " " + u.machine;
}

// MemTotal of /proc/meminfo ("16384256 kB") in bytes; 0 when unreadable.
std::uint64_t memory_bytes() {
  const std::string text = field_of("/proc/meminfo", "MemTotal");
  try {
    return text.empty() ? 0 : std::stoull(text) * 1024;
  } catch (const std::exception&) {
    return 0;
  }
}

std::string hostname() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

}  // namespace

results::MachineFacts gather_machine_facts() {
  results::MachineFacts facts;
  facts.hostname = hostname();
  facts.cpu_model = field_of("/proc/cpuinfo", "model name");
  facts.cores = static_cast<int>(std::thread::hardware_concurrency());
  facts.kernel = kernel();
  facts.governor = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  facts.memory_bytes = memory_bytes();
  return facts;
}

}  // namespace versus::host
