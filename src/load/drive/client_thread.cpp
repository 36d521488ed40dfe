#include "load/drive/client_thread.h"

#include <cmath>
#include <functional>
#include <queue>
#include <utility>

#include "load/drive/poller.h"
#include "util/last_resort.h"

namespace versus::load {
using namespace std::chrono_literals;

namespace {
// How often a thread whose sessions all wait looks at the phase.
constexpr auto kPhaseCheck = 10ms;
// ... and how often one with parked sessions looks whether the hold ended.
constexpr auto kHeldCheck = 500us;

// Fixed-rate mode: one session's share of the arrivals, as a Poisson process. A session that
// falls behind starts at once; its latencies grow by the queueing, as sysbench --rate's do.
class Arrivals {
 public:
  Arrivals(const DriverOptions& o, std::uint64_t seed)
      : mean_gap_s_(o.rate ? static_cast<double>(o.connections) / static_cast<double>(o.rate) : 0),
        rng_(seed),
        next_(Clock::now()) {}
  bool enabled() const { return mean_gap_s_ > 0; }
  void restart(Clock::time_point t) { next_ = t; }
  Clock::time_point next() {
    double gap = -std::log(1.0 - rng_.uniform_double()) * mean_gap_s_;
    next_ += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(gap));
    return next_;
  }

 private:
  double mean_gap_s_;
  Random rng_;
  Clock::time_point next_;
};

struct Client {
  std::unique_ptr<Session> session;
  Arrivals arrivals;
  Clock::time_point start{};  // intended start of the transaction in flight
  bool measured = false;      // claimed in the measured phase
  bool in_flight = false;
};

class Loop {
 public:
  Loop(RunState& state, ClientSlot& slot, const DriverOptions& o, std::vector<Client> clients,
       Poller poller)
      : state_(state),
        slot_(slot),
        o_(o),
        clients_(std::move(clients)),
        poller_(std::move(poller)) {}

  void run() {
    const auto now = Clock::now();
    for (Client& c : clients_) c.arrivals.restart(now);
    for (std::size_t id = 0; id < clients_.size(); ++id) schedule(id);
    Clock::time_point stop_seen{};
    while (in_flight_ > 0 || !due_.empty() || !free_.empty() || !parked_.empty()) {
      if (stopping() && !drain_allowed(stop_seen)) break;
      unpark();
      for (const Poller::Ready& r : poller_.wait(timeout())) {
        ThreadCounters::bump(slot_.answers);
        if (clients_[r.id].in_flight) advance(r.id, clients_[r.id].session->resume(r.events));
      }
      start_due_arrivals();
      schedule_free();
    }
    ThreadCounters::bump(slot_.counters.abandoned, in_flight_);
  }

 private:
  using Due = std::pair<Clock::time_point, std::size_t>;

  bool stopping() const { return state_.phase.load(std::memory_order_acquire) == kStop; }

  // Sessions parked while the load was held start again once it is not.
  void unpark() {
    if (parked_.empty() || state_.phase.load(std::memory_order_acquire) == kHold) return;
    free_.insert(free_.end(), parked_.begin(), parked_.end());
    parked_.clear();
  }

  // After the stop no transaction starts; those in flight get kDrainLimit to end.
  bool drain_allowed(Clock::time_point& stop_seen) {
    due_ = {};
    free_.clear();
    parked_.clear();
    if (stop_seen == Clock::time_point{}) stop_seen = Clock::now();
    return in_flight_ > 0 && Clock::now() - stop_seen < kDrainLimit;
  }

  std::chrono::nanoseconds timeout() const {
    if (!free_.empty()) return 0ns;
    if (!parked_.empty()) return kHeldCheck;  // the hold lasts a snapshot: tens of ms
    if (due_.empty()) return kPhaseCheck;
    return std::clamp<std::chrono::nanoseconds>(due_.top().first - Clock::now(), 0ns, kPhaseCheck);
  }

  // The next transaction of a free session: now (closed loop), at its arrival, or never.
  void schedule(std::size_t id) {
    Client& c = clients_[id];
    const int phase = state_.phase.load(std::memory_order_acquire);
    if (phase == kStop) return;
    if (phase == kHold) return parked_.push_back(id);
    c.measured = phase == kMeasure;
    if (c.measured && !state_.claim_ticket(o_.max_requests)) return;
    const auto now = Clock::now();
    c.start = c.arrivals.enabled() ? c.arrivals.next() : now;
    if (c.start > now)
      due_.push({c.start, id});
    else
      begin(id);
  }

  void schedule_free() {
    while (!free_.empty()) {
      std::vector<std::size_t> batch;
      batch.swap(free_);
      for (std::size_t id : batch) schedule(id);
    }
  }

  void start_due_arrivals() {
    const auto now = Clock::now();
    while (!due_.empty() && due_.top().first <= now) {
      const std::size_t id = due_.top().second;
      due_.pop();
      const int phase = state_.phase.load(std::memory_order_acquire);
      if (phase == kHold)
        parked_.push_back(id);
      else if (phase != kStop)
        begin(id);
    }
  }

  void begin(std::size_t id) {
    clients_[id].in_flight = true;
    slot_.in_flight.store(++in_flight_, std::memory_order_relaxed);
    advance(id, clients_[id].session->start_transaction());
  }

  // `wait` > 0: the session waits for those events; 0: its transaction ended.
  void advance(std::size_t id, int wait) {
    Client& c = clients_[id];
    if (wait == 0) return end(id);
    if (auto ok = poller_.watch(id, c.session->socket(), wait); !ok) {
      settle(id);
      fail(ok.error().message);
    }
  }

  void end(std::size_t id) {
    Client& c = clients_[id];
    if (c.session->failed_errno() != 0) return retry(id);
    settle(id);
    ThreadCounters::bump(slot_.completed);
    if (c.measured && state_.phase.load(std::memory_order_acquire) == kMeasure) {
      record(c.start, Clock::now(), *c.session);
      record_statements(*c.session);
    }
    else if (!c.measured)
      ThreadCounters::bump(slot_.warmup_transactions);
    free_.push_back(id);
  }

  // The failed transaction starts again (new values, same intended start) after the error
  // is counted, and after a reconnect when the connection was lost.
  void retry(std::size_t id) {
    Client& c = clients_[id];
    poller_.forget(id);  // a reconnect replaces the socket
    if (c.measured && !slot_.kinds.empty())
      ++slot_.kinds[static_cast<std::size_t>(c.session->kind())].retried;
    auto ok = c.measured ? c.session->recover(slot_.counters, slot_.errors)
                         : c.session->recover(warmup_errors_, warmup_tally_);
    if (!ok) {
      settle(id);
      return fail(ok.error().message);
    }
    if (stopping()) return settle(id);
    advance(id, c.session->start_transaction(true));
  }

  void settle(std::size_t id) {
    clients_[id].in_flight = false;
    slot_.in_flight.store(--in_flight_, std::memory_order_relaxed);
  }

  void fail(std::string message) {
    if (slot_.error.empty()) state_.fail(slot_, std::move(message));
  }

  // A committed transaction: counted, its statements by kind as sysbench counts its queries,
  // its latency.
  void record(Clock::time_point start, Clock::time_point end, const Session& session) {
    const int kind = session.kind();
    const QueryCounts& q = session.executed();
    auto& c = slot_.counters;
    ThreadCounters::bump(c.transactions);
    ThreadCounters::bump(c.reads, q.reads);
    ThreadCounters::bump(c.writes, q.writes);
    ThreadCounters::bump(c.other, q.others);
    const auto nanos = static_cast<std::uint64_t>((end - start).count());
    slot_.latency.record(nanos);
    if (!slot_.kinds.empty()) {
      KindTally& k = slot_.kinds[static_cast<std::size_t>(kind)];
      ++k.transactions;
      k.latency.record(nanos);
    }
    slot_.interval[state_.epoch.load(std::memory_order_relaxed) % 3].record(nanos);
    slot_.last_end = end;
  }

  // The committed transaction's statements, timed by the session (none with timing off).
  void record_statements(const Session& session) {
    if (!o_.session.time_statements) return;
    for (const Step& step : session.planned_steps())
      if (step.ran) slot_.statements.record(step.klass, step.nanos);
  }

  RunState& state_;
  ClientSlot& slot_;
  const DriverOptions& o_;
  std::vector<Client> clients_;
  Poller poller_;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> due_;  // rate mode: next arrivals
  std::vector<std::size_t> free_;  // sessions whose transaction ended, to schedule again
  std::vector<std::size_t> parked_;  // sessions free while the load is held (kHold)
  std::size_t in_flight_ = 0;
  ThreadCounters warmup_errors_;  // errors before the measured interval are not counted
  ErrorTally warmup_tally_;
};

Expected<std::vector<Client>> open_clients(const DriverOptions& o, int connections,
                                           std::uint64_t seed, int first_session) {
  std::vector<Client> clients;
  clients.reserve(static_cast<std::size_t>(connections));
  SessionConfig config = o.session;
  config.sessions = o.connections;
  for (int i = 0; i < connections; ++i) {
    const std::uint64_t s = seed ^ (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(i + 1));
    config.ordinal = first_session + i;
    auto session = Session::open(config, s);
    if (!session) return fail(session.error());
    clients.push_back({std::move(*session), Arrivals(o, s ^ 0xa11)});
  }
  return clients;
}
}  // namespace

namespace {
// Opens the thread's sessions, waits for every other thread's, then drives them. `counted`:
// whether this thread has counted down `ready` (the driver waits for every thread's).
void open_and_drive(RunState& state, ClientSlot& slot, const DriverOptions& o, int connections,
                    std::uint64_t seed, bool& counted) {
  auto clients = open_clients(o, connections, seed, slot.first_session);
  auto poller = Poller::create(static_cast<std::size_t>(connections));
  if (!clients) state.fail(slot, clients.error().message);
  if (clients && !poller) state.fail(slot, poller.error().message);
  if (clients) {
    for (const Client& c : *clients) slot.connection_ids.push_back(c.session->connection_id());
    ThreadCounters::bump(slot.answers, clients->size());
  }
  state.ready.count_down();
  counted = true;
  state.ready.wait();
  if (!clients || !poller || state.failed.load()) return;
  Loop(state, slot, o, std::move(*clients), std::move(*poller)).run();
}
}  // namespace

void run_client_thread(RunState& state, ClientSlot& slot, const DriverOptions& o, int connections,
                       std::uint64_t seed) {
  bool counted = false;
  try {
    open_and_drive(state, slot, o, connections, seed, counted);
  } catch (...) {  // a library's exception, or a bug: the cell fails, the run goes on
    state.fail(slot, "unexpected failure in a client thread: " + current_exception_text());
    if (!counted) state.ready.count_down();
  }
}

}  // namespace versus::load
