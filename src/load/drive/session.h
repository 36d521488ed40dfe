#pragma once
// Session: one client connection running a workload's transactions, with its own random
// generator and its family's TransactionProgram (load/family/registry.h), which prepares the
// statements and plans each transaction (every statement with its parameters); the session then
// executes it with Connector/C's non-blocking
// API, so one thread can drive many sessions (load/drive/client_thread.h). Used by one thread.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "client/connection.h"
#include "client/error_class.h"
#include "load/data/random.h"
#include "load/step/session_config.h"
#include "load/step/statement.h"
#include "load/step/transaction_program.h"
#include "load/tally/error_tally.h"
#include "util/expected.h"

namespace versus::load {

// Counters of one client thread: written by that thread only (relaxed), read by the progress
// reporter. Aligned so threads never share a cache line.
struct alignas(64) ThreadCounters {
  std::atomic<std::uint64_t> transactions{0};
  std::atomic<std::uint64_t> reads{0};
  std::atomic<std::uint64_t> writes{0};
  std::atomic<std::uint64_t> other{0};
  std::atomic<std::uint64_t> ignored_errors{0};
  std::atomic<std::uint64_t> reconnects{0};
  std::atomic<std::uint64_t> abandoned{0};
  static void bump(std::atomic<std::uint64_t>& c, std::uint64_t n = 1) {
    c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
  }
};

class Session {
 public:
  // Longest wait for a session's (re)connect; generous for a loaded server's accept queue.
  static constexpr std::chrono::seconds kConnectTimeout{10};

  static Expected<std::unique_ptr<Session>> open(const SessionConfig& config, std::uint64_t seed);
  // The classes of one transaction planned without a server (no statement prepared; the frame
  // planned as text): what the steps of `config`'s mix carry, for tests.
  static std::vector<int> plan_classes(const SessionConfig& config, std::uint64_t seed);
  ~Session();

  // Plans a new transaction and sends its first statement. Returns the MYSQL_WAIT_* events
  // to wait for on socket(), or 0 when the transaction ended (see failed_errno()). A `retry`
  // of a failed one draws new values (sysbench 1.0 restarts the event), except in the 0.4
  // mixes, which run the same ids again (sb_oltp.c keeps its query list).
  int start_transaction(bool retry = false);
  // Continues after `ready` (MYSQL_WAIT_*) events; returns as start_transaction().
  int resume(int ready);
  // After the transaction ended: 0 when it committed, else the error that stopped it.
  unsigned failed_errno() const { return failed_errno_; }
  // The steps of the transaction that ended; after a commit, each with its time (Step::nanos).
  std::span<const Step> planned_steps() const { return {steps_.data(), planned_}; }
  // After a failed transaction: counts the error (in `counters` and by code in `tally`) and
  // reconnects when the connection was lost (then socket() changes). A fatal error, or a
  // connection lost for good, is returned; otherwise the caller starts a new transaction (as
  // sysbench 1.0 restarts the event).
  Expected<void> recover(ThreadCounters& counters, ErrorTally& tally);
  int socket() const { return mysql_get_socket(conn_->handle()); }
  // The kind of the transaction planned last (load/family/registry.h kind_names); 0 for sysbench's.
  int kind() const;
  // The statements the last transaction's attempt ran, by kind (the committed one's, when it
  // committed; steps a program skipped are not counted).
  const QueryCounts& executed() const { return executed_; }
  // The server's id of this session's connection (its PROCESSLIST ID); changes on reconnect.
  std::uint64_t connection_id() const { return mysql_thread_id(conn_->handle()); }

 private:
  Session(const SessionConfig& config, std::uint64_t seed);
  Expected<void> connect_and_prepare();
  int send_step();            // sends steps_[next_] (or the next that runs), as resume()
  int finish_step(int wait);  // step done when wait == 0: error, or on to the next one
  void bind(const Step& step);
  int send_text(const Step& step);  // a step without a statement: its text as a query
  int after_text_query(int rc);
  int after_text_result(MYSQL_RES* result);
  // next_ moved to the first step from it that runs; false when none is left.
  bool skip_to_runnable();
  void plan_transaction(bool retry);
  void stamp(Step& step);  // with time_statements: the step's time, and the next one's start

  SessionConfig config_;
  Random rng_;
  std::optional<client::Connection> conn_;
  std::vector<Step> steps_;   // the planned transaction
  std::size_t planned_ = 0;   // steps_[0, planned_) are this transaction's
  std::size_t next_ = 0;      // the step being executed
  unsigned failed_errno_ = 0;
  QueryCounts executed_;
  std::chrono::steady_clock::time_point edge_{};  // the running statement's start
  std::string last_error_;
  int reconnect_tries_ = 0;  // consecutive reconnects without a committed transaction
  // Its family's program (load/family/registry.h), made at the first connect.
  std::unique_ptr<TransactionProgram> program_;
  bool takes_results_ = true;  // program_->takes_results(), read per step
  bool reading_result_ = false;  // a text step's query answered, its result set being read
};

}  // namespace versus::load
