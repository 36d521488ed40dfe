// The multiplexed load engine against a real MariaDB 10.11.19: many sessions on few client
// threads count every transaction exactly once, as the server saw it, and the fixed-rate mode
// holds its rate. (Statement mixes per workload: fidelity_test.cpp.)
#include "load/family/registry.h"
#include "load/drive/driver.h"

#include <signal.h>

#include <map>
#include <thread>

#include "bench_server.h"
#include "client/connection.h"
#include "host/colocation.h"
#include "load/drive/client_thread.h"
#include "util/cpu_affinity.h"

namespace versus::testing {
namespace {
constexpr std::int64_t kTableSize = 10000;

load::DriverOptions options_for(const BenchServer& s, int sessions, int client_threads) {
  load::DriverOptions o;
  o.session.endpoint = s.bench;
  o.session.mix = load::mix_for(sysbench::Workload::oltp_read_write);
  o.session.table_size = static_cast<std::uint32_t>(kTableSize);
  o.connections = sessions;
  o.client_threads = client_threads;
  return o;
}

std::unique_ptr<BenchServer> loaded_server(const std::string& release = "mariadb-10.11.19") {
  auto s = start_bench_server("driver", {{"innodb_buffer_pool_size", "128M"}}, release);
  load_sbtest(*s, kTableSize);
  return s;
}
}  // namespace

TEST_CASE(
    "many sessions on few client threads: each transaction counted once, as the server "
    "counted it",
    "[integration][driver]") {
  auto s = loaded_server();
  for (auto [sessions, client_threads, requests] : {std::tuple{64, 2, 3000}, {16, 1, 1000}}) {
    INFO(sessions << " sessions on " << client_threads << " client threads");
    auto o = options_for(*s, sessions, client_threads);
    o.max_requests = static_cast<std::uint64_t>(requests);
    const auto before = status_snapshot(*s);
    auto r = load::run_load(o);
    require_ok(r, "the load");
    const auto delta = load::status_delta(before, status_snapshot(*s));
    CHECK(r->counters.transactions == static_cast<std::uint64_t>(requests));
    CHECK(load::delta_of(delta, "Com_commit") == requests);
    CHECK(r->latency.count() == static_cast<std::uint64_t>(requests));
    // 20 statements per transaction, plus those of attempts a deadlock cut short.
    const auto executes = load::delta_of(delta, "Com_stmt_execute");
    CHECK(executes >= 20 * requests);
    if (r->counters.ignored_errors == 0) CHECK(executes == 20 * requests);
    CHECK(r->counters.reconnects == 0);
  }
}

// Tagged [rate], not [driver]: under ThreadSanitizer the client may be too slow to hold a rate.
TEST_CASE("fixed rate: 8 sessions hold 300 transactions/s", "[integration][rate][quiet]") {
  auto s = loaded_server();
  auto o = options_for(*s, 8, 0);
  o.rate = 300;
  o.warmup = std::chrono::milliseconds(500);
  o.duration = std::chrono::seconds(4);
  auto r = load::run_load(o);
  require_ok(r, "the load");
  const double tps = static_cast<double>(r->counters.transactions) / r->seconds;
  INFO("measured " << tps << " tps");
  CHECK(tps > 270);  // Poisson arrivals: over 4 s the count's sd is about 1.4%
  CHECK(tps < 330);
  CHECK(r->series.size() >= 3);
}

TEST_CASE("colocate: each client thread and its sessions' server threads pinned to its own CPU",
          "[integration][driver]") {
  // MariaDB names the threads in information_schema.PROCESSLIST, MySQL in performance_schema.
  const std::string release = GENERATE("mariadb-10.11.19", "mysql-9.7.4");
  INFO(release);
  auto s = loaded_server(release);
  auto o = options_for(*s, 4, 2);
  o.duration = std::chrono::seconds(1);
  const std::vector<int> cpus = allowed_cpus(0);
  std::vector<load::LoadWatch::ThreadSessions> threads;
  std::map<std::uint64_t, pid_t> server_tids;
  std::map<pid_t, std::vector<int>> allowed;  // read while the load runs
  o.at_ready = [&](const load::LoadWatch& w) {
    threads = w.sessions();
    auto admin = client::Connection::open(s->bench);
    if (!admin) return Expected<void>(fail(admin.error()));
    auto ids = host::server_thread_ids(*admin);
    if (!ids) return Expected<void>(fail(ids.error()));
    server_tids = *ids;
    return host::colocate(w, s->bench);
  };
  o.at_measure_start = [&](const load::LoadWatch&) {
    for (const auto& t : threads) {
      allowed[t.tid] = allowed_cpus(t.tid);
      for (auto id : t.connection_ids) allowed[server_tids[id]] = allowed_cpus(server_tids[id]);
    }
  };
  require_ok(load::run_load(o), "the load");
  REQUIRE(threads.size() == 2);
  for (std::size_t k = 0; k < threads.size(); ++k) {
    const std::vector<int> own{cpus[k % cpus.size()]};
    INFO("client thread " << k);
    CHECK(allowed[threads[k].tid] == own);
    CHECK(threads[k].connection_ids.size() == 2);
    for (auto id : threads[k].connection_ids) CHECK(allowed[server_tids.at(id)] == own);
  }
  CHECK(allowed_cpus(0) == cpus);  // the test's own thread was not pinned
}

// SIGCONT on scope exit, so a failed check never leaves the server stopped for its teardown.
struct Resume {
  pid_t pid;
  ~Resume() { ::kill(pid, SIGCONT); }
};

TEST_CASE("a server that stops answering mid-run: in-flight transactions abandoned and counted",
          "[integration][driver]") {
  auto s = loaded_server();
  auto o = options_for(*s, 4, 1);
  o.duration = std::chrono::seconds(2);
  const pid_t pid = s->process->server_pid();
  REQUIRE(pid > 0);
  Resume resume{pid};
  // Stopped from the first progress report (~1 s into the measured interval), so every
  // session is connected and running by then, however slow the build (TSan).
  bool stopped = false;
  auto stop_once = [&](const load::LiveSample& sample) {
    if (!sample.warming_up && !stopped) stopped = ::kill(pid, SIGSTOP) == 0;
  };
  const auto start = std::chrono::steady_clock::now();
  auto r = load::run_load(o, stop_once);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  require_ok(r, "the load");
  INFO("run_load took " << took << " s");
  REQUIRE(stopped);
  CHECK(r->counters.transactions > 0);  // the first second's
  CHECK(r->counters.abandoned == 4);    // every session was waiting on the stopped server
  CHECK(r->latency.count() == r->counters.transactions);
  // The duration, then the drain limit: the stopped server never holds the run longer.
  const auto drain = std::chrono::duration<double>(load::kDrainLimit).count();
  CHECK(took >= 2 + drain - 0.5);
  CHECK(took < 2 + drain + 3);
}

}  // namespace versus::testing
