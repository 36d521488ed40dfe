// The watchdog's decisions on a made-up clock (WatchJudge is pure), and the thread around them
// on a fake load board.
#include "run/watchdog.h"

#include <catch2/catch.hpp>
#include <atomic>
#include <thread>

using namespace std::chrono_literals;
using versus::load::LoadProgress;
using versus::run::Alarm;
using versus::run::WatchClock;
using versus::run::WatchJudge;
using versus::run::WatchLimits;
using versus::run::WatchSample;

namespace {
const WatchClock::time_point t0{std::chrono::hours(1)};

WatchLimits limits() {
  WatchLimits l;
  l.stall_timeout = 10s;
  l.stall_limit = 1s;
  l.measure_bound = 0ms;
  l.stop_grace = 3s;
  return l;
}

// A load whose measured interval began at t0 + 2 s, with `answers` so far.
WatchSample at(std::chrono::milliseconds after, std::uint64_t answers, bool measuring = true) {
  WatchSample s;
  s.now = t0 + after;
  LoadProgress p;
  p.answers = answers;
  p.in_flight = 4;
  p.measuring = measuring;
  if (measuring) p.measure_start = t0 + 2s;
  s.load = p;
  return s;
}

// Feeds samples every 100 ms from `from` to `to`, the answers moving unless in [gap_from, gap_to).
Alarm feed(WatchJudge& j, std::chrono::milliseconds from, std::chrono::milliseconds to,
           std::chrono::milliseconds gap_from = 0ms, std::chrono::milliseconds gap_to = 0ms) {
  static std::uint64_t answers = 0;
  Alarm a = Alarm::none;
  for (auto t = from; t < to && a == Alarm::none; t += 100ms) {
    if (t < gap_from || t >= gap_to) ++answers;
    a = j.observe(at(t, answers, t >= 2s));
  }
  return a;
}
}  // namespace

TEST_CASE("watchdog: a load that keeps answering raises nothing and records no stall",
          "[run][watchdog]") {
  WatchJudge j(limits(), t0);
  CHECK(feed(j, 0ms, 60s) == Alarm::none);
  CHECK(j.stalls().empty());
}

TEST_CASE("watchdog: a gap shorter than stall_limit is not a stall, a longer one is, with its place",
          "[run][watchdog]") {
  WatchJudge j(limits(), t0);
  CHECK(feed(j, 0ms, 10s, 5000ms, 5800ms) == Alarm::none);  // 0.9 s without an answer
  CHECK(j.stalls().empty());
  CHECK(feed(j, 10s, 30s, 12000ms, 16000ms) == Alarm::none);  // 4 s
  const auto stalls = j.stalls();
  REQUIRE(stalls.size() == 1);
  CHECK(stalls[0].start_s == Approx(9.9).margin(0.11));  // the last answer, 2 s in: 11.9 - 2
  CHECK(stalls[0].seconds == Approx(4.1).margin(0.11));
}

TEST_CASE("watchdog: no answer for stall_timeout is an alarm, named with its length",
          "[run][watchdog]") {
  WatchJudge j(limits(), t0);
  CHECK(feed(j, 0ms, 5s) == Alarm::none);
  Alarm a = feed(j, 5s, 30s, 5s, 30s);
  CHECK(a == Alarm::stalled);
  CHECK(j.reason().find("no session got an answer from the server for 10.") != std::string::npos);
  // The stall still open at the alarm is recorded too.
  REQUIRE(j.stalls().size() == 1);
  CHECK(j.stalls()[0].seconds >= 10.0);
}

TEST_CASE("watchdog: a stall wholly in the warmup is no stall; one reaching into the interval is",
          "[run][watchdog]") {
  WatchJudge warm(limits(), t0);
  std::uint64_t n = 0;
  for (auto t = 0ms; t < 1900ms; t += 100ms) warm.observe(at(t, t < 200ms || t > 1700ms ? ++n : n, false));
  for (auto t = 1900ms; t < 5s; t += 100ms) warm.observe(at(t, ++n, t >= 2s));
  CHECK(warm.stalls().empty());  // 1.5 s without an answer, before the interval

  WatchJudge across(limits(), t0);
  n = 0;
  for (auto t = 0ms; t < 5s; t += 100ms) across.observe(at(t, t < 1000ms || t >= 3500ms ? ++n : n, t >= 2s));
  REQUIRE(across.stalls().size() == 1);
  CHECK(across.stalls()[0].start_s < 0);  // it began in the warmup
  CHECK(across.stalls()[0].seconds == Approx(2.6).margin(0.11));
}

TEST_CASE("watchdog: nothing in flight is no gap (a fixed rate between arrivals)",
          "[run][watchdog]") {
  WatchJudge j(limits(), t0);
  for (auto t = 0ms; t < 20s; t += 100ms) {
    WatchSample s = at(t, 7, t >= 2s);  // the answers never move
    s.load->in_flight = 0;
    CHECK(j.observe(s) == Alarm::none);
  }
  CHECK(j.stalls().empty());
}

TEST_CASE("watchdog: after the interval ends no stall is counted, but no answer still alarms",
          "[run][watchdog]") {
  WatchJudge j(limits(), t0);
  CHECK(feed(j, 0ms, 10s) == Alarm::none);
  WatchSample s = at(10s, 1'000'000);
  s.load->measuring = false;
  s.load->stopping = true;
  CHECK(j.observe(s) == Alarm::none);
  s.now = t0 + 15s;
  CHECK(j.observe(s) == Alarm::none);
  CHECK(j.stalls().empty());
  s.now = t0 + 21s;
  CHECK(j.observe(s) == Alarm::stalled);
}

TEST_CASE("watchdog: a process stopped or in D state for stall_timeout alarms, with no load too",
          "[run][watchdog]") {
  for (char state : {'T', 'D', 't'}) {
    WatchJudge j(limits(), t0);
    WatchSample s;
    s.server_state = 'S';
    s.now = t0 + 1s;
    CHECK(j.observe(s) == Alarm::none);
    s.server_state = state;
    s.now = t0 + 2s;
    CHECK(j.observe(s) == Alarm::none);
    s.server_state = 'R';  // it ran again: the clock starts over
    s.now = t0 + 8s;
    CHECK(j.observe(s) == Alarm::none);
    s.server_state = state;
    s.now = t0 + 9s;
    CHECK(j.observe(s) == Alarm::none);
    s.now = t0 + 18900ms;
    CHECK(j.observe(s) == Alarm::none);
    s.now = t0 + 19s;
    CHECK(j.observe(s) == Alarm::stuck);
    CHECK(j.reason().find(std::string("state ") + state) != std::string::npos);
  }
}

TEST_CASE("watchdog: a measured interval past its bound is overrun", "[run][watchdog]") {
  WatchLimits l = limits();
  l.measure_bound = 15s;
  WatchJudge j(l, t0);
  CHECK(feed(j, 0ms, 17s) == Alarm::none);
  CHECK(feed(j, 17s, 18s) == Alarm::overran);
  WatchJudge unbounded(limits(), t0);
  CHECK(feed(unbounded, 0ms, 100s) == Alarm::none);
}

TEST_CASE("watchdog: a stop request the step does not end within stop_grace is interrupted",
          "[run][watchdog]") {
  WatchJudge j(limits(), t0);
  WatchSample s;
  s.now = t0 + 1s;
  s.stop_requested = true;
  CHECK(j.observe(s) == Alarm::none);
  s.now = t0 + 3900ms;
  CHECK(j.observe(s) == Alarm::none);
  s.now = t0 + 4s;
  CHECK(j.observe(s) == Alarm::interrupted);
  CHECK(j.alarm() == Alarm::interrupted);  // the first alarm sticks
  s.server_state = 'T';
  s.now = t0 + 60s;
  CHECK(j.observe(s) == Alarm::interrupted);
}

TEST_CASE("watchdog: the thread gathers, then kills, once, and reports what it saw",
          "[run][watchdog]") {
  std::atomic<int> gathered{0}, killed{0};
  std::atomic<char> state{'S'};
  versus::run::WatchHooks hooks;
  hooks.server_state = [&] { return state.load(); };
  hooks.gather = [&] {
    ++gathered;
    return std::string("diagnosis");
  };
  hooks.kill = [&] {
    CHECK(gathered == 1);  // gathered before the kill
    ++killed;
    return true;
  };
  WatchLimits l = limits();
  l.stall_timeout = 300ms;
  versus::run::Watchdog dog(l, hooks, 10ms);
  state = 'T';
  for (int i = 0; i < 300 && killed == 0; ++i) std::this_thread::sleep_for(10ms);
  const auto report = dog.finish();
  CHECK(report.alarm == Alarm::stuck);
  CHECK(report.diagnosis == "diagnosis");
  CHECK(report.killed);
  CHECK(gathered == 1);
  CHECK(killed == 1);
}

TEST_CASE("watchdog: a signal's alarm kills without gathering", "[run][watchdog]") {
  std::atomic<bool> cancel{false};
  std::atomic<int> gathered{0}, killed{0};
  versus::run::WatchHooks hooks;
  hooks.cancel = &cancel;
  hooks.gather = [&] {
    ++gathered;
    return std::string();
  };
  hooks.kill = [&] {
    ++killed;
    return false;  // another host: it cannot
  };
  WatchLimits l = limits();
  l.stop_grace = 200ms;
  versus::run::Watchdog dog(l, hooks, 10ms);
  cancel = true;
  for (int i = 0; i < 300 && killed == 0; ++i) std::this_thread::sleep_for(10ms);
  const auto report = dog.finish();
  CHECK(report.alarm == Alarm::interrupted);
  CHECK_FALSE(report.killed);
  CHECK(gathered == 0);
  CHECK(killed == 1);
}
