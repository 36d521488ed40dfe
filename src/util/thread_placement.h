#pragma once
// Where threads run, from /proc: the CPU a thread last ran on (/proc/PID/task/TID/stat field
// 39), its CPU time so far (fields 14 + 15, clock ticks: it ran since an earlier reading when
// they grew) and its migrations between CPUs (/proc/PID/task/TID/sched, se.nr_migrations;
// the file needs CONFIG_SCHED_DEBUG, so -1 when it cannot be read). Best effort: a thread that
// vanished between listing and reading is skipped. The parsers are pure, for tests.
#include <sys/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace versus {

struct ThreadPlace {
  int cpu = -1;
  std::uint64_t ticks = 0;
  std::int64_t migrations = -1;
};
using ThreadPlaces = std::map<pid_t, ThreadPlace>;  // by tid

// Every thread of each process of `pids`.
ThreadPlaces threads_of(const std::vector<pid_t>& pids);
// Threads `tids` of this process.
ThreadPlaces own_threads(const std::vector<pid_t>& tids);

// /proc/PID/task/TID/stat: processor (field 39) and utime + stime; nullopt if malformed.
std::optional<ThreadPlace> parse_thread_stat(const std::string& line);
// /proc/PID/task/TID/sched: se.nr_migrations, -1 when absent.
std::int64_t parse_migrations(const std::string& sched_text);

}  // namespace versus
