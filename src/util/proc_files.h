#pragma once
// Reading /proc without throwing. A process or thread may end between the moment its /proc
// entry is listed or opened and the moment it is read: the open then fails with ENOENT, the
// read with ESRCH (libstdc++'s filebuf throws std::ios_base::failure from underflow there,
// so nothing here goes through an iostream). Both mean "gone", never an error of the run.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace versus {

// The whole text of a /proc file (read_whole_file); "" when it cannot be read, which for a
// process's or thread's file means it has ended.
std::string read_proc_file(const std::filesystem::path& file);

// The numeric entries of a /proc directory (/proc itself: pids; /proc/<pid>/task: tids), in
// no particular order; empty when the directory is gone. Entries that vanish while it is
// listed are simply missing.
std::vector<pid_t> proc_ids(const std::filesystem::path& dir);

}  // namespace versus
