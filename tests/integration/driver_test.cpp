// The multiplexed load engine against a real MariaDB 10.11.19: many sessions on few client
// threads count every transaction exactly once, as the server saw it, and the fixed-rate mode
// holds its rate. (Statement mixes per workload: fidelity_test.cpp.)
#include "load/driver.h"

#include <signal.h>

#include <thread>

#include "bench_server.h"
#include "load/client_thread.h"
#include "load/loader.h"

namespace versus::testing {
namespace {
constexpr std::int64_t kTableSize = 10000;

load::DriverOptions options_for(const BenchServer& s, int sessions, int client_threads) {
  load::DriverOptions o;
  o.session.endpoint = s.bench;
  o.session.mix = load::mix_for(sysbench::Workload::oltp_read_write);
  o.session.table_size = static_cast<std::uint32_t>(kTableSize);
  o.threads = sessions;
  o.client_threads = client_threads;
  return o;
}

std::unique_ptr<BenchServer> loaded_server() {
  auto s = start_bench_server("driver", {{"innodb_buffer_pool_size", "128M"}});
  load::LoadSpec spec;
  spec.endpoint = s->bench;
  spec.table_size = kTableSize;
  require_ok(load::load_tables(spec), "loading");
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
TEST_CASE("fixed rate: 8 sessions hold 300 transactions/s", "[integration][rate]") {
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
