#include "load/driver.h"

#include <latch>
#include <mutex>
#include <thread>
#include <vector>

namespace versus::load {
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {
enum Phase : int { kWarmup = 0, kMeasure = 1, kStop = 2 };

// What the threads share. Each thread writes only its own slot.
struct Shared {
  // Without a warmup the threads start measured: with max_requests = N the server then
  // sees exactly N transactions, as with sysbench --events=N.
  Shared(int n, bool warmup)
      : slots(static_cast<std::size_t>(n)), ready(n), phase(warmup ? kWarmup : kMeasure) {}
  struct Slot {
    ThreadCounters counters;
    Histogram latency;
    std::string error;  // set by the thread, read after the join
    Clock::time_point last_end{};
  };
  std::vector<Slot> slots;
  std::latch ready;  // every session connected and prepared (or failed)
  std::atomic<int> phase;
  std::atomic<Clock::rep> measure_start{0};
  std::atomic<std::uint64_t> tickets{0};  // measured transactions claimed (max_requests)
  std::atomic<bool> failed{false};
};

bool claim_ticket(Shared& sh, std::uint64_t max_requests) {
  return max_requests == 0 || sh.tickets.fetch_add(1, std::memory_order_relaxed) < max_requests;
}

void record(Shared::Slot& slot, const WorkloadMix& mix, Clock::time_point start,
            Clock::time_point end) {
  auto& c = slot.counters;
  ThreadCounters::bump(c.transactions);
  ThreadCounters::bump(c.reads, static_cast<std::uint64_t>(mix.reads()));
  ThreadCounters::bump(c.writes, static_cast<std::uint64_t>(mix.writes()));
  ThreadCounters::bump(c.other, static_cast<std::uint64_t>(mix.others()));
  slot.latency.record(static_cast<std::uint64_t>((end - start).count()));
  slot.last_end = end;
}

void client_loop(Session& session, Shared& sh, Shared::Slot& slot, const DriverOptions& o) {
  ThreadCounters warmup_errors;  // errors before the measured interval are not counted
  while (true) {
    int phase = sh.phase.load(std::memory_order_acquire);
    if (phase == kStop) return;
    bool measured = phase == kMeasure;
    if (measured && !claim_ticket(sh, o.max_requests)) return;
    auto start = Clock::now();
    auto ok = session.run_transaction(measured ? slot.counters : warmup_errors);
    auto end = Clock::now();
    if (!ok) {
      slot.error = ok.error().message;
      sh.failed.store(true);
      sh.phase.store(kStop);
      return;
    }
    // A transaction still running when the interval closed is not counted.
    if (measured && sh.phase.load(std::memory_order_acquire) == kMeasure) record(slot, o.session.mix, start, end);
  }
}

void client_thread(int index, Shared& sh, const DriverOptions& o) {
  auto& slot = sh.slots[static_cast<std::size_t>(index)];
  auto seed = static_cast<std::uint64_t>(Clock::now().time_since_epoch().count()) ^
              (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(index + 1));
  auto session = Session::open(o.session, seed);
  if (!session) {
    slot.error = session.error().message;
    sh.failed.store(true);
  }
  sh.ready.count_down();
  sh.ready.wait();
  if (session && !sh.failed.load()) client_loop(**session, sh, slot, o);
}

LiveSample sample(const Shared& sh, Clock::time_point measure_start, bool measuring) {
  LiveSample s;
  s.warming_up = !measuring;
  if (measuring) s.elapsed_s = std::chrono::duration<double>(Clock::now() - measure_start).count();
  for (const auto& slot : sh.slots) {
    const auto& c = slot.counters;
    s.transactions += c.transactions.load(std::memory_order_relaxed);
    s.queries += c.reads.load(std::memory_order_relaxed) + c.writes.load(std::memory_order_relaxed) +
                 c.other.load(std::memory_order_relaxed);
    s.errors += c.ignored_errors.load(std::memory_order_relaxed);
  }
  return s;
}

bool cancelled(const std::atomic<bool>* cancel) { return cancel && cancel->load(); }

// Sleeps until `until`, waking each second to report progress; false when stopped early.
bool wait_phase(Shared& sh, Clock::time_point until, Clock::time_point measure_start,
                bool measuring, const ProgressFn& progress, const std::atomic<bool>* cancel,
                std::uint64_t max_requests) {
  auto next_report = Clock::now() + 1s;
  while (Clock::now() < until) {
    if (sh.failed.load() || cancelled(cancel)) return false;
    if (measuring && max_requests && sample(sh, measure_start, true).transactions >= max_requests)
      return true;
    std::this_thread::sleep_for(std::min<Clock::duration>(20ms, until - Clock::now()));
    if (progress && Clock::now() >= next_report) {
      progress(sample(sh, measure_start, measuring));
      next_report += 1s;
    }
  }
  return true;
}

LoadResult merge(Shared& sh, Clock::time_point measure_start, Clock::time_point end) {
  LoadResult r;
  for (auto& slot : sh.slots) {
    auto& c = slot.counters;
    r.counters.transactions += c.transactions.load();
    r.counters.reads += c.reads.load();
    r.counters.writes += c.writes.load();
    r.counters.other += c.other.load();
    r.counters.ignored_errors += c.ignored_errors.load();
    r.counters.reconnects += c.reconnects.load();
    r.latency.merge(slot.latency);
  }
  r.seconds = std::chrono::duration<double>(end - measure_start).count();
  return r;
}

Clock::time_point last_completion(const Shared& sh, Clock::time_point fallback) {
  Clock::time_point last = fallback;
  for (const auto& slot : sh.slots) last = std::max(last, slot.last_end);
  return last;
}
}  // namespace

Expected<LoadResult> run_load(const DriverOptions& o, const ProgressFn& progress,
                              const std::atomic<bool>* cancel) {
  Shared sh(o.threads, o.warmup.count() > 0);
  std::vector<std::jthread> threads;
  for (int i = 0; i < o.threads; ++i)
    threads.emplace_back([&sh, &o, i] { client_thread(i, sh, o); });
  sh.ready.wait();
  auto warm_until = Clock::now() + o.warmup;
  wait_phase(sh, warm_until, warm_until, false, progress, cancel, 0);
  auto measure_start = Clock::now();
  sh.phase.store(kMeasure, std::memory_order_release);
  auto until = o.duration.count() > 0 ? measure_start + o.duration : Clock::time_point::max();
  wait_phase(sh, until, measure_start, true, progress, cancel, o.max_requests);
  auto measure_end = Clock::now();
  sh.phase.store(kStop, std::memory_order_release);
  threads.clear();  // joins
  for (const auto& slot : sh.slots)
    if (!slot.error.empty()) return fail(slot.error);
  if (o.max_requests && o.duration.count() == 0) measure_end = last_completion(sh, measure_start);
  return merge(sh, measure_start, measure_end);
}

}  // namespace versus::load
