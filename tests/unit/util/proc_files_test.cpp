#include "util/proc_files.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include "util/pid.h"
#include "util/proc_usage.h"
#include "util/whole_file.h"

using namespace versus;

namespace {
// A child that waits to be killed; its pid.
pid_t sleeping_child() {
  const pid_t child = ::fork();
  if (child == 0) {
    for (;;) ::pause();
  }
  return child;
}

void kill_and_reap(pid_t child) {
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
}

std::string proc_path(pid_t pid, const std::string& rest) {
  return "/proc/" + std::to_string(pid) + "/" + rest;
}
}  // namespace

TEST_CASE("read_open_file: a /proc file opened while its process lived, read after it ended",
          "[util][proc_files]") {
  const pid_t child = sleeping_child();
  REQUIRE(child > 0);
  const std::string stat = proc_path(child, "stat");
  const std::string task = proc_path(child, "task/" + std::to_string(child) + "/status");
  const int stat_fd = ::open(stat.c_str(), O_RDONLY | O_CLOEXEC);
  const int task_fd = ::open(task.c_str(), O_RDONLY | O_CLOEXEC);
  std::ifstream stream(stat);  // what versus once read /proc with
  REQUIRE(stat_fd >= 0);
  REQUIRE(task_fd >= 0);
  REQUIRE(stream.is_open());
  kill_and_reap(child);

  // The failure the reader exists for: libstdc++'s filebuf throws from underflow here.
  CHECK_THROWS_AS(std::string(std::istreambuf_iterator<char>(stream), {}), std::ios_base::failure);
  std::optional<Expected<std::string>> from_stat, from_task;
  CHECK_NOTHROW(from_stat.emplace(read_open_file(stat_fd, stat)));
  CHECK_NOTHROW(from_task.emplace(read_open_file(task_fd, task)));
  REQUIRE(from_stat);
  REQUIRE(from_task);
  CHECK_FALSE(from_stat->has_value());
  CHECK_FALSE(from_task->has_value());
  CHECK_THAT(from_stat->error().message, Catch::Contains(stat) && Catch::Contains("No such process"));
  ::close(stat_fd);
  ::close(task_fd);
  // Opened after the end: "gone", never an exception.
  CHECK(read_proc_file(stat).empty());
  CHECK(read_proc_file(task).empty());
  CHECK(proc_ids(proc_path(child, "task")).empty());
}

TEST_CASE("read_proc_file and proc_ids: a live process's files and ids", "[util][proc_files]") {
  CHECK(read_proc_file("/proc/self/stat").find(") ") != std::string::npos);
  const auto pids = proc_ids("/proc");
  CHECK(std::find(pids.begin(), pids.end(), ::getpid()) != pids.end());
  const auto tids = proc_ids("/proc/self/task");
  CHECK_FALSE(tids.empty());
  CHECK(std::find(pids.begin(), pids.end(), 0) == pids.end());  // "self", "net": not ids
}

// A parent that keeps forking children that end at once: the tree changes while it is sampled.
TEST_CASE("sample_tree: members ending while the tree is sampled never throw",
          "[util][proc_files]") {
  const pid_t parent = ::fork();
  REQUIRE(parent >= 0);
  if (parent == 0) {
    for (;;) {
      const pid_t c = ::fork();
      if (c == 0) ::_exit(0);
      if (c > 0) ::waitpid(c, nullptr, 0);
    }
  }
  int samples = 0;
  for (int i = 0; i < 300; ++i) {
    CHECK_NOTHROW(samples += static_cast<int>(sample_tree(parent).processes.size()));
    CHECK_NOTHROW(children_of(parent));
    CHECK_NOTHROW(process_cmdline(parent));
  }
  kill_and_reap(parent);
  CHECK(samples >= 300);  // the parent itself, every time
  CHECK(sample_tree(parent).processes.empty());
  CHECK_FALSE(process_alive(parent));
}
