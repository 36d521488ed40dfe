#pragma once
// Watchdog: a thread that watches a step in which versus waits on a server (a cell's
// measurement, an instance's load) and ends the wait when the server stops answering or the
// run is interrupted: it gathers what a bug report needs, then kills the server, so every call
// waiting on it fails at once and the run goes on. Its decisions are made by WatchJudge, pure
// and fed with samples, so they are tested on a made-up clock (docs/robustness.md).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "load/drive/load_watch.h"
#include "measured/measurement.h"

namespace versus::run {

using WatchClock = std::chrono::steady_clock;

struct WatchLimits {
  // No session got any answer for this long, or the server's process stayed stopped (state T)
  // or in uninterruptible sleep (D) this long: the server is unresponsive.
  std::chrono::milliseconds stall_timeout{30'000};
  // A stretch without any answer at least this long is recorded as a stall (a cell's stalls).
  std::chrono::milliseconds stall_limit{1'000};
  // The measured interval may last this long before the step counts as overrun; 0: no bound
  // (a cell limited by max_requests alone).
  std::chrono::milliseconds measure_bound{0};
  // After a stop request (a signal), how long the step may take to end by itself.
  std::chrono::milliseconds stop_grace{3'000};
};

enum class Alarm {
  none,
  stalled,      // no answer for stall_timeout
  stuck,        // the server's process in state T or D for stall_timeout
  overran,      // the measured interval past measure_bound
  interrupted,  // a stop was requested and the step did not end within stop_grace
};

// What the watchdog saw at one tick.
struct WatchSample {
  WatchClock::time_point now{};
  std::optional<load::LoadProgress> load;  // none while no load runs
  char server_state = 0;                   // /proc state letter; 0 when unknown
  bool stop_requested = false;
};

// The decisions, from samples in time order. The first alarm sticks.
class WatchJudge {
 public:
  WatchJudge(const WatchLimits& limits, WatchClock::time_point start);

  Alarm observe(const WatchSample& s);
  Alarm alarm() const { return alarm_; }
  // Why, in words: "no session got an answer from the server for 30.0 s".
  const std::string& reason() const { return reason_; }
  // The stalls that reach into the measured interval, at least stall_limit long; one still
  // open at the last sample is closed there.
  std::vector<measured::Stall> stalls() const;

 private:
  void follow_answers(const WatchSample& s);
  void close_gap(WatchClock::time_point end);
  Alarm judge(const WatchSample& s);
  Alarm raise(Alarm a, std::string reason);

  WatchLimits limits_;
  Alarm alarm_ = Alarm::none;
  std::string reason_;
  std::uint64_t answers_ = 0;
  bool had_load_ = false;
  WatchClock::time_point last_answer_{};  // when the answers last moved (or the load began)
  WatchClock::time_point last_seen_{};    // the latest sample
  WatchClock::time_point stuck_since_{}, stop_since_{};
  WatchClock::time_point measure_start_{};
  bool measuring_seen_ = false;
  bool stopped_ = false;  // the load's interval ended: no answer is due any more
  std::vector<measured::Stall> stalls_;
};

// What the watched step needs to know, and may do, from the watchdog's thread.
struct WatchHooks {
  const load::LoadBoard* board = nullptr;    // the step's load, if it has one
  std::function<char()> server_state;        // the server process's state; 0: unknown
  const std::atomic<bool>* cancel = nullptr; // a stop request (signals)
  // At the first alarm but `interrupted`, before the kill: what a bug report needs.
  std::function<std::string()> gather;
  // Kills the server at once (host::StartedServer::kill_now); false where it cannot.
  std::function<bool()> kill;
};

// What the watchdog saw of the step, once it ended.
struct WatchReport {
  Alarm alarm = Alarm::none;
  std::string reason;
  std::string diagnosis;
  bool killed = false;
  std::vector<measured::Stall> stalls;
};

class Watchdog {
 public:
  // Starts watching at once; `tick` is how often it looks.
  Watchdog(const WatchLimits& limits, WatchHooks hooks,
           std::chrono::milliseconds tick = std::chrono::milliseconds(100));
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // Stops watching (joins the thread) and returns what it saw; once.
  WatchReport finish();
  // An alarm was raised (readable from any thread): the step should stop its load, which a
  // server the watchdog could not kill (another host's) would otherwise keep waiting on.
  bool alarmed() const { return alarmed_.load(); }

 private:
  void watch();
  void on_alarm(Alarm a);

  WatchHooks hooks_;
  std::chrono::milliseconds tick_;
  WatchJudge judge_;
  WatchReport report_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::atomic<bool> alarmed_{false};
  std::thread thread_;
};

// The limits of a cell's watchdog: its measured interval may last `duration` plus
// stall_timeout (0 duration: no bound).
WatchLimits cell_watch_limits(std::chrono::milliseconds stall_timeout,
                              std::chrono::milliseconds stall_limit,
                              std::chrono::milliseconds duration);

// "unresponsive", "stuck", ...: the alarm's name in the run log.
const char* alarm_name(Alarm a);

}  // namespace versus::run
