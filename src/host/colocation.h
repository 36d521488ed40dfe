#pragma once
// Colocation (thread_placement: colocate): once every session has connected, client thread k
// is pinned to CPU k mod n of the CPUs versus may use, and the server threads serving its
// sessions to that same CPU. A transaction is a chain of round trips between one client thread
// and one server thread; on the same CPU each wakeup is local (no inter-processor interrupt,
// warm caches), and the arrangement is the same in every cell instead of what the scheduler
// chose when the cell began (on 2 vCPUs that choice moved whole cells by 10-40%).
// Only for a server on this machine: the kernel thread ids it reads are this machine's.
#include <sys/types.h>

#include <cstdint>
#include <map>
#include <vector>

#include "client/connection.h"
#include "load/drive/load_watch.h"
#include "util/expected.h"

namespace versus::host {

// One pin: a kernel thread and the CPU it goes on.
struct ThreadPin {
  pid_t tid = 0;
  int cpu = 0;
  bool operator==(const ThreadPin&) const = default;
};

// Which thread goes on which CPU: client thread k (in the watch's order) and the server
// threads of its sessions on cpus[k % cpus.size()]. `server_tids`: connection id -> kernel
// thread id. Fails when a session's connection has no server thread (it is not on this
// machine, or the server does not say) or `cpus` is empty.
Expected<std::vector<ThreadPin>> colocation_pins(
    const std::vector<load::LoadWatch::ThreadSessions>& threads,
    const std::map<std::uint64_t, pid_t>& server_tids, const std::vector<int>& cpus);

// Connection id -> kernel thread id of the server's connection threads, as the server tells:
// MariaDB's information_schema.PROCESSLIST.TID, else MySQL's performance_schema.threads
// THREAD_OS_ID (MySQL has no TID column; its performance_schema is on by default).
Expected<std::map<std::uint64_t, pid_t>> server_thread_ids(client::Connection& admin);

// Reads the server's thread ids over `admin` and applies colocation_pins over the CPUs this
// process may run on.
Expected<void> colocate(const load::LoadWatch& watch, const client::Endpoint& admin);

}  // namespace versus::host
