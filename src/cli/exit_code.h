#pragma once
// Exit statuses of versus. Only the CLI decides them.
namespace versus::cli {
enum ExitCode : int {
  kOk = 0,
  kRegression = 1,    // a significant regression beyond the threshold (compare, --baseline)
  kUsage = 2,         // bad command line or matrix: nothing was started
  kCellsFailed = 3,   // the run finished but some cells failed, crashed or were unresponsive
  kRunError = 4,      // the run could not go on (results could not be written, ...)
  kInterrupted = 128  // + the signal number: 130 for SIGINT, 143 for SIGTERM
};
}
