#pragma once
// Signals: SIGINT/SIGTERM/SIGHUP set a flag the run polls; the run then stops its load,
// stops every server it started and writes what is complete. Its watchdogs end a step that a
// server holds up (run/watchdog.h); should the run still not have ended kStopBound after the
// signal, a backstop thread kills every process versus started (its descendants, by pid:
// mysqld_safe, the servers, ssh) and exits with 128 + the signal. What was recorded stays:
// results.json is only ever replaced whole.
#include <atomic>
#include <chrono>

namespace versus::cli {

inline constexpr std::chrono::seconds kStopBound{12};

void install_stop_handlers();
const std::atomic<bool>& stop_requested();
int stop_signal();  // the signal that asked to stop, 0 when none

}  // namespace versus::cli
