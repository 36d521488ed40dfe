#include "load/drive/driver.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <thread>
#include <vector>

#include "load/drive/client_thread.h"
#include "load/drive/seed.h"
#include "load/family/registry.h"
#include "load/family/statement_class.h"

namespace versus::load {
using namespace std::chrono_literals;

namespace {
using Shared = RunState;

// Connections of client thread `i` of `n`: an even share, the remainder to the first ones.
int connections_of(int i, int n, int connections) {
  return connections / n + (i < connections % n ? 1 : 0);
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
  // `each_second`: run after each second's bookkeeping (the placement samples).
  SeriesRecorder(Clock::time_point start, std::function<void()> each_second)
      : start_(start), each_second_(std::move(each_second)) {}

  void tick(Shared& sh) {
    close_interval(sh);
    std::uint32_t e = sh.epoch.fetch_add(1, std::memory_order_relaxed);
    if (e >= 1) drain(sh, e - 1);
    each_second_();
  }
  // After the join: the last (partial) interval, and every histogram not yet drained.
  std::vector<measured::SecondSample> finish(Shared& sh, Clock::time_point end) {
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
  std::function<void()> each_second_;
  LiveSample last_{};
  double last_t_ = 0;
  std::vector<measured::SecondSample> samples_;
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

std::uint64_t warmup_transactions(const Shared& sh) {
  std::uint64_t n = 0;
  for (const auto& slot : sh.slots) n += slot.warmup_transactions.load(std::memory_order_relaxed);
  return n;
}

// warmup: steady: the warmup's rate each second (transactions over the second's actual
// length) until the rule holds, after at least o.warmup, or until warmup_max. Progress is
// reported after every second, so the caller's checks (a crash, a signal) keep running.
WarmupOutcome warm_until_steady(Shared& sh, const DriverOptions& o, const ProgressFn& progress,
                                const std::atomic<bool>* cancel) {
  const auto start = Clock::now(), limit = start + o.warmup_max;
  WarmupOutcome w{0, true, false};
  std::vector<double> rates;
  std::uint64_t last_n = 0;
  auto last_t = start;
  bool going = true;
  for (auto next = start + 1s; going && next <= limit; next += 1s) {
    going = wait_phase(sh, next, next, false, {}, cancel, 0);
    const auto now = Clock::now();
    const std::uint64_t n = warmup_transactions(sh);
    rates.push_back(static_cast<double>(n - last_n) /
                    std::chrono::duration<double>(now - last_t).count());
    last_n = n;
    last_t = now;
    if (progress) progress(sample(sh, start, false));
    if (going && now - start >= o.warmup && is_steady(rates, o.steady)) {
      w.steady = true;
      going = false;
    }
  }
  if (going) wait_phase(sh, limit, limit, false, progress, cancel, 0);  // a fraction left
  w.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return w;
}

// The warmup, fixed or until steady.
WarmupOutcome warm_up(Shared& sh, const DriverOptions& o, const ProgressFn& progress,
                      const std::atomic<bool>* cancel) {
  if (o.warmup_steady) return warm_until_steady(sh, o, progress, cancel);
  const auto start = Clock::now(), warm_until = start + o.warmup;
  wait_phase(sh, warm_until, warm_until, false, progress, cancel, 0);
  return {std::chrono::duration<double>(Clock::now() - start).count(), false, false};
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
    r.counters.abandoned += c.abandoned.load();
    r.latency.merge(slot.latency);
    measured::merge_errors(r.errors, slot.errors.counts());
  }
  r.seconds = std::chrono::duration<double>(end - measure_start).count();
  return r;
}

// Each kind's tallies over the client threads, named (none when the mix has no kinds).
std::vector<measured::TransactionKind> merge_kinds(const Shared& sh, const WorkloadMix& mix) {
  const std::vector<std::string_view> names = kind_names(mix);
  std::vector<measured::TransactionKind> kinds;
  for (std::size_t k = 0; k < names.size(); ++k) {
    KindTally total;
    for (const auto& slot : sh.slots) total.merge(slot.kinds[k]);
    kinds.push_back(
        {std::string(names[k]), total.transactions, total.retried, latency_summary(total.latency)});
  }
  return kinds;
}

// Every thread's statement timer, one histogram per class of the mix, sized before the
// threads start so recording never allocates.
void size_statement_timers(Shared& sh, const SessionConfig& session) {
  const std::size_t classes = statement_classes(session.mix, session.lock_tables).size();
  for (auto& slot : sh.slots) slot.statements = StatementTimer(session.time_statements ? classes : 0);
}

measured::StatementTimes merged_statement_times(const Shared& sh, const SessionConfig& session) {
  StatementTimer all;
  for (const auto& slot : sh.slots) all.merge(slot.statements);
  return statement_times(all, statement_classes(session.mix, session.lock_tables));
}

// The placement hook, once every session connected (none when a client thread failed).
Expected<void> place_threads(const Shared& sh, const DriverOptions& o) {
  if (!o.at_ready || sh.failed.load()) return {};
  return o.at_ready(LoadWatch(sh));
}

// Holds the load until nothing is in flight (at most kDrainLimit: a server that stopped
// answering), so the measured interval's first snapshot sees no transaction half done.
void hold(Shared& sh) {
  int warm = kWarmup;  // a failure's kStop stays
  sh.phase.compare_exchange_strong(warm, kHold, std::memory_order_acq_rel);
  const auto limit = Clock::now() + kDrainLimit;
  auto in_flight = [&] {
    std::uint64_t n = 0;
    for (const auto& slot : sh.slots) n += slot.in_flight.load(std::memory_order_relaxed);
    return n;
  };
  while (in_flight() > 0 && Clock::now() < limit && !sh.failed.load())
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}

Clock::time_point last_completion(const Shared& sh, Clock::time_point fallback) {
  Clock::time_point last = fallback;
  for (const auto& slot : sh.slots) last = std::max(last, slot.last_end);
  return last;
}
}  // namespace

int client_threads_for(int connections, int requested, unsigned cpus) {
  const int n = requested > 0 ? requested : std::max(2, static_cast<int>(cpus / 4));
  return std::clamp(n, 1, std::max(1, connections));
}

measured::LatencyMs latency_summary(const Histogram& h) {
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
  const int n =
      client_threads_for(o.connections, o.client_threads, std::thread::hardware_concurrency());
  Shared sh(n, o.warmup.count() > 0 || o.warmup_steady);
  const LoadBoard::Entry on_board(o.board, sh);  // off it before `sh` ends
  size_statement_timers(sh, o.session);
  std::vector<std::jthread> threads;
  for (auto& slot : sh.slots) slot.kinds.resize(kind_names(o.session.mix).size());
  for (int i = 1; i < n; ++i)
    sh.slots[static_cast<std::size_t>(i)].first_session =
        sh.slots[static_cast<std::size_t>(i - 1)].first_session +
        connections_of(i - 1, n, o.connections);
  for (int i = 0; i < n; ++i)
    threads.emplace_back([&sh, &o, i, n] {
      sh.slots[static_cast<std::size_t>(i)].tid.store(static_cast<int>(::gettid()),
                                                      std::memory_order_relaxed);
      run_client_thread(sh, sh.slots[static_cast<std::size_t>(i)], o,
                        connections_of(i, n, o.connections), thread_seed(o.seed, i));
    });
  sh.ready.wait();
  if (auto placed = place_threads(sh, o); !placed) {
    sh.phase.store(kStop, std::memory_order_release);
    threads.clear();
    return fail(placed.error().message);
  }
  const WarmupOutcome warmup = warm_up(sh, o, progress, cancel);
  const LoadWatch watch(sh);
  hold(sh);
  if (o.at_measure_start) o.at_measure_start(watch);
  auto measure_start = Clock::now();
  sh.measure_start.store(measure_start.time_since_epoch().count(), std::memory_order_release);
  int held = kHold;  // a failure's kStop stays
  sh.phase.compare_exchange_strong(held, kMeasure, std::memory_order_acq_rel);
  auto until = o.duration.count() > 0 ? measure_start + o.duration : Clock::time_point::max();
  SeriesRecorder series(measure_start, [&] {
    if (o.during_measure) o.during_measure(watch);
  });
  wait_phase(sh, until, measure_start, true, progress, cancel, o.max_requests, &series);
  auto measure_end = Clock::now();
  sh.phase.store(kStop, std::memory_order_release);
  threads.clear();  // joins: the last transactions in flight end (or are abandoned) first
  if (o.at_measure_end) o.at_measure_end(watch);
  for (const auto& slot : sh.slots)
    if (!slot.error.empty()) return fail(slot.error);
  if (o.max_requests && o.duration.count() == 0) measure_end = last_completion(sh, measure_start);
  LoadResult result = merge(sh, measure_start, measure_end);
  result.kinds = merge_kinds(sh, o.session.mix);
  result.series = series.finish(sh, measure_end);
  result.statements = merged_statement_times(sh, o.session);
  result.warmup = warmup;
  return result;
}

}  // namespace versus::load
