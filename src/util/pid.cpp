#include "util/pid.h"

#include <fstream>

namespace versus {

bool process_alive(pid_t pid) {
  if (pid <= 0) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  auto close = line.rfind(')');  // comm may hold spaces; the state follows ") "
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z' &&
         line[close + 2] != 'X';
}

std::string process_name(pid_t pid) {
  std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(comm, name);
  return name;
}

std::optional<pid_t> read_pid_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  long long pid = 0;
  // pid_max is at most 2^22 on Linux; anything beyond int is malformed, never truncated.
  if (!(in >> pid) || pid <= 0 || pid > 0x7fffffffLL) return std::nullopt;
  return static_cast<pid_t>(pid);
}

}  // namespace versus
