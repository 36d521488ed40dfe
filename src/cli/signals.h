#pragma once
// Signals: SIGINT/SIGTERM/SIGHUP set a flag the run polls; the run then stops its load,
// stops every server it started and writes what is complete.
#include <atomic>

namespace versus::cli {

void install_stop_handlers();
const std::atomic<bool>& stop_requested();
int stop_signal();  // the signal that asked to stop, 0 when none

}  // namespace versus::cli
