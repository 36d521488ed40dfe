#include "run/watchdog.h"

#include <fmt/format.h>

#include "util/log.h"
#include "util/pid.h"

namespace versus::run {

namespace {
double seconds_between(WatchClock::time_point from, WatchClock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}
}  // namespace

const char* alarm_name(Alarm a) {
  switch (a) {
    case Alarm::none:
      return "none";
    case Alarm::stalled:
      return "stalled";
    case Alarm::stuck:
      return "stuck";
    case Alarm::overran:
      return "overran";
    case Alarm::interrupted:
      return "interrupted";
  }
  return "none";
}

WatchJudge::WatchJudge(const WatchLimits& limits, WatchClock::time_point start)
    : limits_(limits), last_answer_(start), last_seen_(start) {}

Alarm WatchJudge::observe(const WatchSample& s) {
  last_seen_ = s.now;
  follow_answers(s);
  if (alarm_ != Alarm::none) return alarm_;
  return judge(s);
}

// A gap in the answers ends at `end`: a stall when it lasted stall_limit and reaches into the
// measured interval (one wholly in the warmup is not part of what is measured).
void WatchJudge::close_gap(WatchClock::time_point end) {
  const auto gap = end - last_answer_;
  if (gap < limits_.stall_limit || !measuring_seen_ || end <= measure_start_) return;
  stalls_.push_back({seconds_between(measure_start_, last_answer_), seconds_between(last_answer_, end)});
}

void WatchJudge::follow_answers(const WatchSample& s) {
  if (!s.load) {
    if (had_load_ && !stopped_) close_gap(s.now);
    had_load_ = false;
    return;
  }
  const load::LoadProgress& p = *s.load;
  if (!had_load_) {
    had_load_ = true;
    answers_ = p.answers;
    last_answer_ = s.now;
  }
  if (p.measure_start != WatchClock::time_point{} && !measuring_seen_) {
    measuring_seen_ = true;
    measure_start_ = p.measure_start;
  }
  if (p.stopping && !stopped_) {  // after the interval no answer is due: stop counting gaps
    stopped_ = true;
    if (p.answers == answers_) close_gap(s.now);
  }
  // Moving answers, or nothing asked of the server (a fixed rate between arrivals), is no gap.
  if (p.answers != answers_ || (p.in_flight == 0 && !p.stopping)) {
    if (!stopped_) close_gap(s.now);
    answers_ = p.answers;
    last_answer_ = s.now;
  }
}

Alarm WatchJudge::raise(Alarm a, std::string reason) {
  alarm_ = a;
  reason_ = std::move(reason);
  return a;
}

Alarm WatchJudge::judge(const WatchSample& s) {
  if (had_load_ && s.now - last_answer_ >= limits_.stall_timeout)
    return raise(Alarm::stalled, fmt::format("no session got an answer from the server for {:.1f} s",
                                             seconds_between(last_answer_, s.now)));
  if (!stuck_state(s.server_state)) stuck_since_ = {};
  else if (stuck_since_ == WatchClock::time_point{}) stuck_since_ = s.now;
  if (stuck_since_ != WatchClock::time_point{} && s.now - stuck_since_ >= limits_.stall_timeout)
    return raise(Alarm::stuck, fmt::format("the server's process stayed in state {} ({}) for {:.1f} s",
                                           s.server_state, process_state_words(s.server_state),
                                           seconds_between(stuck_since_, s.now)));
  if (s.load && s.load->measuring && limits_.measure_bound.count() > 0 &&
      s.now - s.load->measure_start > limits_.measure_bound)
    return raise(Alarm::overran,
                 fmt::format("the measured interval ran {:.1f} s, past its bound of {:.1f} s",
                             seconds_between(s.load->measure_start, s.now),
                             std::chrono::duration<double>(limits_.measure_bound).count()));
  if (!s.stop_requested) stop_since_ = {};
  else if (stop_since_ == WatchClock::time_point{}) stop_since_ = s.now;
  if (stop_since_ != WatchClock::time_point{} && s.now - stop_since_ >= limits_.stop_grace)
    return raise(Alarm::interrupted,
                 fmt::format("a stop was requested and the step had not ended {:.1f} s later",
                             seconds_between(stop_since_, s.now)));
  return Alarm::none;
}

std::vector<measured::Stall> WatchJudge::stalls() const {
  WatchJudge last = *this;  // an open gap is closed at the last sample, on a copy
  if (last.had_load_ && !last.stopped_) last.close_gap(last.last_seen_);
  return last.stalls_;
}

Watchdog::Watchdog(const WatchLimits& limits, WatchHooks hooks, std::chrono::milliseconds tick)
    : hooks_(std::move(hooks)),
      tick_(tick),
      judge_(limits, WatchClock::now()),
      thread_([this] { watch(); }) {}

Watchdog::~Watchdog() {
  (void)finish();
}

void Watchdog::watch() {
  std::unique_lock lock(mutex_);
  while (!done_) {
    wake_.wait_for(lock, tick_);
    if (done_ || judge_.alarm() != Alarm::none) continue;
    WatchSample s;
    s.now = WatchClock::now();
    if (hooks_.board) s.load = hooks_.board->read();
    s.server_state = hooks_.server_state ? hooks_.server_state() : 0;
    s.stop_requested = hooks_.cancel && hooks_.cancel->load();
    const Alarm a = judge_.observe(s);
    if (a == Alarm::none) continue;
    lock.unlock();
    on_alarm(a);
    lock.lock();
  }
}

void Watchdog::on_alarm(Alarm a) {
  alarmed_ = true;
  report_.alarm = a;
  report_.reason = judge_.reason();
  log::warn("watchdog: {}; {}", report_.reason,
            a == Alarm::interrupted ? "killing the server" : "gathering what it shows, then killing it");
  if (a != Alarm::interrupted && hooks_.gather) report_.diagnosis = hooks_.gather();
  report_.killed = hooks_.kill && hooks_.kill();
  if (!report_.killed) log::warn("watchdog: the server cannot be killed from here; its stop will");
}

WatchReport Watchdog::finish() {
  {
    std::lock_guard lock(mutex_);
    if (done_) return report_;
    done_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  report_.stalls = judge_.stalls();
  return report_;
}

WatchLimits cell_watch_limits(std::chrono::milliseconds stall_timeout,
                              std::chrono::milliseconds stall_limit,
                              std::chrono::milliseconds duration) {
  WatchLimits l;
  l.stall_timeout = stall_timeout;
  l.stall_limit = stall_limit;
  l.measure_bound = duration.count() > 0 ? duration + stall_timeout : std::chrono::milliseconds(0);
  return l;
}

}  // namespace versus::run
