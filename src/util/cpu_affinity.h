#pragma once
// CPU pinning: Linux CPU lists ("0", "0-1", "0,2-3") and sched_setaffinity on a process with
// all of its threads. Used to keep the load client and the server on fixed CPUs, since on a
// small VM single-thread figures swing 2-4x with where the scheduler places them.
#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace versus {

// Highest CPU number a list may name (glibc's cpu_set_t holds CPU_SETSIZE = 1024 CPUs).
inline constexpr int kMaxCpu = 1023;

// The CPUs of a Linux CPU list: comma-separated numbers and inclusive ranges "a-b" (a <= b),
// no spaces, each CPU 0..kMaxCpu; ascending and distinct. Empty text is the empty list (no
// pinning). nullopt when the text is malformed.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);

// The list as text: ascending runs collapsed into ranges, "0-1,3"; "" for the empty list.
std::string format_cpu_list(const std::vector<int>& cpus);

// The CPUs `pid` (0 = the calling thread) may run on; empty when it cannot be read.
std::vector<int> allowed_cpus(pid_t pid);

// Pins `pid` and every thread it has now (/proc/<pid>/task/*) to `cpus`; a thread that exits
// meanwhile is not an error. 0 = the calling process. An empty list changes nothing.
Expected<void> pin_process(pid_t pid, const std::vector<int>& cpus);

// Pins the one thread `tid` (a kernel thread id, of any process) to `cpus`; a thread that has
// exited is not an error.
Expected<void> pin_thread(pid_t tid, const std::vector<int>& cpus);

}  // namespace versus
