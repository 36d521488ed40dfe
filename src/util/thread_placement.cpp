#include "util/thread_placement.h"

#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "util/whole_file.h"

namespace versus {
namespace fs = std::filesystem;

namespace {
std::string text_of(const fs::path& file) {
  auto text = read_whole_file(file);
  return text ? std::move(text.value()) : std::string();
}

void read_thread(const fs::path& task_dir, pid_t tid, ThreadPlaces& out) {
  auto place = parse_thread_stat(text_of(task_dir / "stat"));
  if (!place) return;  // gone
  place->migrations = parse_migrations(text_of(task_dir / "sched"));
  out[tid] = *place;
}
}  // namespace

std::optional<ThreadPlace> parse_thread_stat(const std::string& line) {
  const auto close = line.rfind(')');
  if (close == std::string::npos || close + 2 >= line.size()) return std::nullopt;
  std::istringstream rest(line.substr(close + 2));
  std::string field;
  ThreadPlace p;
  std::uint64_t utime = 0, stime = 0;
  for (int i = 3; i <= 13; ++i)  // state .. cmajflt
    if (!(rest >> field)) return std::nullopt;
  if (!(rest >> utime >> stime)) return std::nullopt;
  for (int i = 16; i <= 38; ++i)  // cutime .. exit_signal
    if (!(rest >> field)) return std::nullopt;
  if (!(rest >> p.cpu)) return std::nullopt;
  p.ticks = utime + stime;
  return p;
}

std::int64_t parse_migrations(const std::string& text) {
  const auto at = text.find("se.nr_migrations");
  if (at == std::string::npos) return -1;
  const auto colon = text.find(':', at);
  if (colon == std::string::npos) return -1;
  std::istringstream in(text.substr(colon + 1, 32));
  std::int64_t v = -1;
  return in >> v ? v : -1;
}

ThreadPlaces threads_of(const std::vector<pid_t>& pids) {
  ThreadPlaces out;
  for (pid_t pid : pids) {
    std::error_code ec;
    for (const auto& task : fs::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
      const std::string name = task.path().filename().string();
      if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos)
        read_thread(task.path(), static_cast<pid_t>(std::stol(name)), out);
    }
  }
  return out;
}

ThreadPlaces own_threads(const std::vector<pid_t>& tids) {
  ThreadPlaces out;
  const std::string self = "/proc/" + std::to_string(::getpid()) + "/task/";
  for (pid_t tid : tids) read_thread(self + std::to_string(tid), tid, out);
  return out;
}

}  // namespace versus
