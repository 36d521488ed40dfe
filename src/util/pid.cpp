#include "util/pid.h"

#include <fstream>
#include <iterator>
#include <sstream>

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

std::string process_cmdline(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (char& c : text)
    if (c == '\0') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

namespace {
// Parent pid from /proc/<pid>/stat: the field after the state, after the ")" of comm.
pid_t parent_of(const std::string& stat_line) {
  auto close = stat_line.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream rest(stat_line.substr(close + 2));
  char state = 0;
  long long ppid = 0;
  rest >> state >> ppid;
  return static_cast<pid_t>(ppid);
}
}  // namespace

std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line) || parent_of(line) != parent) continue;
    auto pid = static_cast<pid_t>(std::stol(name));
    if (process_alive(pid)) out.push_back(pid);
  }
  return out;
}

std::optional<pid_t> read_pid_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  long long pid = 0;
  // pid_max is at most 2^22 on Linux; anything beyond int is malformed, never truncated.
  if (!(in >> pid) || pid <= 0 || pid > 0x7fffffffLL) return std::nullopt;
  return static_cast<pid_t>(pid);
}

}  // namespace versus
