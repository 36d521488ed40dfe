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
// The pid written in a pid file; nullopt when missing or malformed.
std::optional<pid_t> read_pid_file(const std::filesystem::path& file);

}  // namespace versus
