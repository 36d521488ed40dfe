#pragma once
// ServerDiagnosis: what a person would file a bug with when a server stops answering, gathered
// just before the watchdog kills it (run/watchdog.h): the process's state and where its threads
// wait (/proc, on this machine only), SHOW FULL PROCESSLIST and SHOW ENGINE INNODB STATUS over a
// fresh connection with its own short deadline (a stopped server answers neither: that is
// said), and the error log's tail. Never blocks longer than a few seconds per statement.
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>

#include "client/endpoint.h"

namespace versus::host {

struct DiagnosisSource {
  client::Endpoint admin;                 // any account that may see every thread
  pid_t local_pid = 0;                    // the server's pid here; 0: its /proc is elsewhere
  std::function<std::string()> log_tail;  // the error log's tail (may be empty)
  std::chrono::seconds deadline{3};       // connect, read and write, per statement
};

// The text, in sections with a title line each.
std::string diagnose_server(const DiagnosisSource& source);

// "pid 4242, state T (stopped); its 37 threads: T do_signal_stop x 37": one line; "" when the
// pid is 0 or gone.
std::string process_state_line(pid_t pid);

}  // namespace versus::host
