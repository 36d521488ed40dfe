#pragma once
// Facts about processes by pid, read from /proc. Used to stop exactly the servers
// versus started, never by name.
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace versus {

// True when pid exists and is not a zombie.
bool process_alive(pid_t pid);
// The process's command name (/proc/<pid>/comm), empty when it does not exist.
std::string process_name(pid_t pid);
// The process's command line, arguments joined by spaces; empty when it does not exist.
std::string process_cmdline(pid_t pid);
// Live children of `parent` (from /proc/<pid>/stat), in no particular order.
std::vector<pid_t> children_of(pid_t parent);
// The process's state letter from /proc/<pid>/stat (R, S, D, T, t, Z, ...); 0 when it does
// not exist.
char process_state(pid_t pid);
// The state letter in words: "running", "sleeping", "uninterruptible sleep", "stopped",
// "stopped by a tracer", "zombie", else "other".
const char* process_state_words(char state);
// True for a state in which the process cannot answer until something outside it acts:
// stopped by a signal (T), stopped by a tracer (t), or in uninterruptible sleep (D).
bool stuck_state(char state);
// Where the process's threads are, from /proc/<pid>/task/*/{stat,wchan}: one entry per
// (state, kernel wait channel), with how many threads are there, most first:
// "T do_signal_stop x 31", "D io_schedule x 2". Empty when the process does not exist.
std::vector<std::string> thread_states(pid_t pid);
// The pid written in a pid file; nullopt when missing or malformed.
std::optional<pid_t> read_pid_file(const std::filesystem::path& file);

}  // namespace versus
