#pragma once
// The last resort against a failure nothing else caught. An exception that escapes a thread,
// a noexcept function or a destructor ends in std::terminate, which would abort() and leave
// every server a run started running (mysqld_safe restarts its server; nothing stops them
// until --resume or a person does). While a cleanup is registered, the terminate handler runs
// it first (a run: stop its servers by their journalled pids), prints the failure and exits
// with the status the CLI chose, never abort()ing.
#include <functional>
#include <string>

#include "util/expected.h"

namespace versus {

// Installs the terminate handler; `exit_status` is what the process exits with after the
// cleanup. Called once by the CLI before a command that starts servers.
void install_terminate_handler(int exit_status);

// Registers `cleanup` for the terminate handler while alive (one at a time: the newest wins,
// the previous one comes back when it ends). `cleanup` must not throw.
class TerminateCleanup {
 public:
  explicit TerminateCleanup(std::function<void()> cleanup);
  ~TerminateCleanup();
  TerminateCleanup(const TerminateCleanup&) = delete;
  TerminateCleanup& operator=(const TerminateCleanup&) = delete;

 private:
  std::function<void()> cleanup_;
  std::function<void()>* previous_;
};

// Runs `body`; an exception escaping it becomes an Error "unexpected failure: <what>". The
// one boundary where exceptions from libraries (or a bug) become values.
Expected<void> catch_unexpected(const std::function<void()>& body);

// The message of the exception being handled ("unknown exception" when it is none of
// std::exception's): for a catch (...) block or a terminate handler.
std::string current_exception_text();

}  // namespace versus
