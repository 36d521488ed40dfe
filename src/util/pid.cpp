#include "util/pid.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "util/proc_files.h"
#include "util/whole_file.h"

namespace versus {

namespace {
std::filesystem::path proc_file(pid_t pid, const char* name) {
  return std::filesystem::path("/proc") / std::to_string(pid) / name;
}

// The first line of `text`, without its newline.
std::string first_line_of(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

// Parent pid from /proc/<pid>/stat: the field after the state, after the ")" of comm.
pid_t parent_of(const std::string& stat_line) {
  auto close = stat_line.rfind(')');
  if (close == std::string::npos || close + 2 >= stat_line.size()) return 0;
  std::istringstream rest(stat_line.substr(close + 2));
  char state = 0;
  long long ppid = 0;
  rest >> state >> ppid;
  return static_cast<pid_t>(ppid);
}
}  // namespace

namespace {
// The state letter of a /proc/.../stat line: the character after the ")" of comm (comm may
// hold spaces and parentheses); 0 when the line is not one.
char state_of(const std::string& stat_line) {
  auto close = stat_line.rfind(')');
  return close != std::string::npos && close + 2 < stat_line.size() ? stat_line[close + 2] : 0;
}
}  // namespace

char process_state(pid_t pid) {
  if (pid <= 0) return 0;
  return state_of(first_line_of(read_proc_file(proc_file(pid, "stat"))));
}

const char* process_state_words(char state) {
  switch (state) {
    case 'R':
      return "running";
    case 'S':
      return "sleeping";
    case 'D':
      return "uninterruptible sleep";
    case 'T':
      return "stopped";
    case 't':
      return "stopped by a tracer";
    case 'Z':
      return "zombie";
    default:
      return "other";
  }
}

bool stuck_state(char state) {
  return state == 'T' || state == 't' || state == 'D';
}

std::vector<std::string> thread_states(pid_t pid) {
  std::map<std::string, int> places;
  if (pid <= 0) return {};
  const std::filesystem::path tasks = std::filesystem::path("/proc") / std::to_string(pid) / "task";
  for (const pid_t tid : proc_ids(tasks)) {
    const auto dir = tasks / std::to_string(tid);
    const char state = state_of(first_line_of(read_proc_file(dir / "stat")));
    if (state == 0) continue;  // ended meanwhile
    std::string wchan = first_line_of(read_proc_file(dir / "wchan"));
    if (wchan.empty() || wchan == "0") wchan = "-";
    ++places[std::string(1, state) + " " + wchan];
  }
  std::vector<std::pair<std::string, int>> sorted(places.begin(), places.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> out;
  for (const auto& [place, n] : sorted) out.push_back(place + " x " + std::to_string(n));
  return out;
}

bool process_alive(pid_t pid) {
  if (pid <= 0) return false;
  const std::string line = first_line_of(read_proc_file(proc_file(pid, "stat")));
  auto close = line.rfind(')');  // comm may hold spaces; the state follows ") "
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z' &&
         line[close + 2] != 'X';
}

std::string process_name(pid_t pid) {
  return first_line_of(read_proc_file(proc_file(pid, "comm")));
}

std::string process_cmdline(pid_t pid) {
  std::string text = read_proc_file(proc_file(pid, "cmdline"));
  for (char& c : text)
    if (c == '\0') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> out;
  for (const pid_t pid : proc_ids("/proc"))
    if (parent_of(read_proc_file(proc_file(pid, "stat"))) == parent && process_alive(pid))
      out.push_back(pid);
  return out;
}

std::optional<pid_t> read_pid_file(const std::filesystem::path& file) {
  auto text = read_whole_file(file);
  if (!text) return std::nullopt;
  std::istringstream in(*text);
  long long pid = 0;
  // pid_max is at most 2^22 on Linux; anything beyond int is malformed, never truncated.
  if (!(in >> pid) || pid <= 0 || pid > 0x7fffffffLL) return std::nullopt;
  return static_cast<pid_t>(pid);
}

}  // namespace versus
