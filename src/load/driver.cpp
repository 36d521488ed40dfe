#include "load/driver.h"

#include <array>
#include <cmath>
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
    std::array<IntervalHistogram, 3> interval;  // by epoch % 3: the per-second series
    std::string error;                          // set by the thread, read after the join
    Clock::time_point last_end{};
  };
  std::vector<Slot> slots;
  std::latch ready;  // every session connected and prepared (or failed)
  std::atomic<int> phase;
  std::atomic<Clock::rep> measure_start{0};
  std::atomic<std::uint64_t> tickets{0};  // measured transactions claimed (max_requests)
  std::atomic<bool> failed{false};
  std::atomic<std::uint32_t> epoch{0};  // the second of the measured interval, for `interval`
};

bool claim_ticket(Shared& sh, std::uint64_t max_requests) {
  return max_requests == 0 || sh.tickets.fetch_add(1, std::memory_order_relaxed) < max_requests;
}

void record(Shared::Slot& slot, std::uint32_t epoch, const WorkloadMix& mix,
            Clock::time_point start, Clock::time_point end) {
  auto& c = slot.counters;
  ThreadCounters::bump(c.transactions);
  ThreadCounters::bump(c.reads, static_cast<std::uint64_t>(mix.reads()));
  ThreadCounters::bump(c.writes, static_cast<std::uint64_t>(mix.writes()));
  ThreadCounters::bump(c.other, static_cast<std::uint64_t>(mix.others()));
  auto nanos = static_cast<std::uint64_t>((end - start).count());
  slot.latency.record(nanos);
  slot.interval[epoch % 3].record(nanos);
  slot.last_end = end;
}

// Fixed-rate mode: this thread's share of the arrivals, as a Poisson process. A thread that
// falls behind does not sleep; its latencies grow by the queueing, as sysbench --rate's do.
class Arrivals {
 public:
  Arrivals(const DriverOptions& o, std::uint64_t seed)
      : mean_gap_s_(o.rate ? static_cast<double>(o.threads) / static_cast<double>(o.rate) : 0),
        rng_(seed),
        next_(Clock::now()) {}
  // The intended start of the next transaction (now, in a closed loop), after waiting for it.
  Clock::time_point next() {
    if (mean_gap_s_ == 0) return Clock::now();
    double gap = -std::log(1.0 - rng_.uniform_double()) * mean_gap_s_;
    next_ += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(gap));
    std::this_thread::sleep_until(next_);
    return next_;
  }

 private:
  double mean_gap_s_;
  Random rng_;
  Clock::time_point next_;
};

void client_loop(Session& session, Shared& sh, Shared::Slot& slot, const DriverOptions& o,
                 std::uint64_t seed) {
  ThreadCounters warmup_errors;  // errors before the measured interval are not counted
  Arrivals arrivals(o, seed);
  while (true) {
    int phase = sh.phase.load(std::memory_order_acquire);
    if (phase == kStop) return;
    bool measured = phase == kMeasure;
    if (measured && !claim_ticket(sh, o.max_requests)) return;
    auto start = arrivals.next();
    if (sh.phase.load(std::memory_order_acquire) == kStop) return;
    auto ok = session.run_transaction(measured ? slot.counters : warmup_errors);
    auto end = Clock::now();
    if (!ok) {
      slot.error = ok.error().message;
      sh.failed.store(true);
      sh.phase.store(kStop);
      return;
    }
    // A transaction still running when the interval closed is not counted.
    if (measured && sh.phase.load(std::memory_order_acquire) == kMeasure)
      record(slot, sh.epoch.load(std::memory_order_relaxed), o.session.mix, start, end);
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
  if (session && !sh.failed.load()) client_loop(**session, sh, slot, o, seed ^ 0xa11);
}

LiveSample sample(const Shared& sh, Clock::time_point measure_start, bool measuring) {
  LiveSample s;
  s.warming_up = !measuring;
  if (measuring) s.elapsed_s = std::chrono::duration<double>(Clock::now() - measure_start).count();
  for (const auto& slot : sh.slots) {
    const auto& c = slot.counters;
    s.transactions += c.transactions.load(std::memory_order_relaxed);
    s.queries += c.reads.load(std::memory_order_relaxed) +
                 c.writes.load(std::memory_order_relaxed) + c.other.load(std::memory_order_relaxed);
    s.errors += c.ignored_errors.load(std::memory_order_relaxed);
  }
  return s;
}

bool cancelled(const std::atomic<bool>* cancel) {
  return cancel && cancel->load();
}

// The per-second series, kept by the main thread. At each second it closes the interval
// (counts from the counters), moves the threads to the next epoch's histogram, and drains
// the histogram retired a second earlier: no thread can still be writing into that one.
class SeriesRecorder {
 public:
  explicit SeriesRecorder(Clock::time_point start) : start_(start) {}

  void tick(Shared& sh) {
    close_interval(sh);
    std::uint32_t e = sh.epoch.fetch_add(1, std::memory_order_relaxed);
    if (e >= 1) drain(sh, e - 1);
  }
  // After the join: the last (partial) interval, and every histogram not yet drained.
  std::vector<results::SecondSample> finish(Shared& sh, Clock::time_point end) {
    close_interval(sh, end);
    std::uint32_t e = sh.epoch.load();
    for (std::uint32_t k = e >= 1 ? e - 1 : 0; k <= e; ++k) drain(sh, k);
    if (!samples_.empty() && samples_.back().seconds < 0.05) samples_.pop_back();  // a sliver
    return std::move(samples_);
  }

 private:
  void close_interval(Shared& sh, Clock::time_point now = Clock::now()) {
    LiveSample s = sample(sh, start_, true);
    double t = std::chrono::duration<double>(now - start_).count();
    samples_.push_back({t, t - last_t_, s.transactions - last_.transactions,
                        s.queries - last_.queries, s.errors - last_.errors, 0});
    last_ = s;
    last_t_ = t;
  }
  void drain(Shared& sh, std::uint32_t epoch) {
    if (epoch >= samples_.size()) return;
    std::array<std::uint64_t, IntervalHistogram::kBuckets> totals{};
    for (auto& slot : sh.slots) slot.interval[epoch % 3].drain_into(totals);
    samples_[epoch].p95_ms = IntervalHistogram::quantile(totals, 0.95) / 1e6;
  }

  Clock::time_point start_;
  LiveSample last_{};
  double last_t_ = 0;
  std::vector<results::SecondSample> samples_;
};

// Sleeps until `until`, waking each second to report progress; false when stopped early.
bool wait_phase(Shared& sh, Clock::time_point until, Clock::time_point measure_start,
                bool measuring, const ProgressFn& progress, const std::atomic<bool>* cancel,
                std::uint64_t max_requests, SeriesRecorder* series = nullptr) {
  auto next_report = Clock::now() + 1s;
  auto next_tick = measure_start + 1s;
  while (Clock::now() < until) {
    if (series && Clock::now() >= next_tick) {
      series->tick(sh);
      next_tick += 1s;
    }
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

results::LatencyMs latency_summary(const Histogram& h) {
  auto ms = [](double ns) { return ns / 1e6; };
  return {ms(static_cast<double>(h.min())),
          ms(h.mean()),
          ms(h.quantile(0.50)),
          ms(h.quantile(0.90)),
          ms(h.quantile(0.95)),
          ms(h.quantile(0.99)),
          ms(h.quantile(0.999)),
          ms(static_cast<double>(h.max()))};
}

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
  SeriesRecorder series(measure_start);
  wait_phase(sh, until, measure_start, true, progress, cancel, o.max_requests, &series);
  auto measure_end = Clock::now();
  sh.phase.store(kStop, std::memory_order_release);
  threads.clear();  // joins
  for (const auto& slot : sh.slots)
    if (!slot.error.empty()) return fail(slot.error);
  if (o.max_requests && o.duration.count() == 0) measure_end = last_completion(sh, measure_start);
  LoadResult result = merge(sh, measure_start, measure_end);
  result.series = series.finish(sh, measure_end);
  return result;
}

}  // namespace versus::load
