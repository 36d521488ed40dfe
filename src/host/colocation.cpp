#include "host/colocation.h"

#include <charconv>
#include <string>

#include "util/cpu_affinity.h"

namespace versus::host {

namespace {

template <class T>
bool parse_number(const std::string& text, T& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

Expected<std::map<std::uint64_t, pid_t>> id_map(const std::vector<client::Row>& rows) {
  std::map<std::uint64_t, pid_t> out;
  for (const auto& row : rows) {
    std::uint64_t id = 0;
    pid_t tid = 0;
    if (row.size() < 2 || !parse_number(row[0], id) || !parse_number(row[1], tid) || tid <= 0)
      continue;  // a thread without an OS id (NULL reads as "")
    out[id] = tid;
  }
  return out;
}

}  // namespace

Expected<std::vector<ThreadPin>> colocation_pins(
    const std::vector<load::LoadWatch::ThreadSessions>& threads,
    const std::map<std::uint64_t, pid_t>& server_tids, const std::vector<int>& cpus) {
  if (cpus.empty()) return fail("colocate: no CPU to place threads on");
  std::vector<ThreadPin> pins;
  for (std::size_t k = 0; k < threads.size(); ++k) {
    const int cpu = cpus[k % cpus.size()];
    pins.push_back({threads[k].tid, cpu});
    for (std::uint64_t id : threads[k].connection_ids) {
      const auto found = server_tids.find(id);
      if (found == server_tids.end())
        return fail("colocate: the server names no thread for connection " + std::to_string(id) +
                    " (is it on this machine?)");
      pins.push_back({found->second, cpu});
    }
  }
  return pins;
}

Expected<std::map<std::uint64_t, pid_t>> server_thread_ids(client::Connection& admin) {
  if (auto rows = admin.query("SELECT ID, TID FROM information_schema.PROCESSLIST"))
    return id_map(*rows);
  auto rows = admin.query(
      "SELECT PROCESSLIST_ID, THREAD_OS_ID FROM performance_schema.threads "
      "WHERE PROCESSLIST_ID IS NOT NULL");
  if (!rows) return fail("colocate: the server's thread ids: " + rows.error().message);
  return id_map(*rows);
}

Expected<void> colocate(const load::LoadWatch& watch, const client::Endpoint& admin) {
  auto conn = client::Connection::open(admin, client::Connection::Role::admin);
  if (!conn) return fail("colocate: " + conn.error().message);
  auto tids = server_thread_ids(*conn);
  if (!tids) return fail(tids.error());
  auto pins = colocation_pins(watch.sessions(), *tids, allowed_cpus(0));
  if (!pins) return fail(pins.error());
  for (const ThreadPin& p : *pins)
    if (auto pinned = pin_thread(p.tid, {p.cpu}); !pinned)
      return fail("colocate: " + pinned.error().message);
  return {};
}

}  // namespace versus::host
