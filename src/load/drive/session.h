#pragma once
// Session: one client connection running a workload's transactions, with its own prepared
// statements and random generator. A transaction is first planned (every statement with its
// parameters, drawn as sysbench draws them), then executed with Connector/C's non-blocking
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
#include "load/tally/error_tally.h"
#include "load/family/oltp/legacy_transaction.h"
#include "load/data/random.h"
#include "load/step/statement.h"
#include "load/family/statement_class.h"
#include "load/step/workload_mix.h"
#include "util/expected.h"

namespace versus::load {

struct SessionConfig {
  client::Endpoint endpoint;
  WorkloadMix mix;
  int tables = 1;
  std::uint32_t table_size = 10000;
  sysbench::RandSpec distribution;
  // sysbench 0.4 mixes only: the engine has no transactions, so each transaction runs between
  // LOCK TABLES sbtest READ|WRITE and UNLOCK TABLES (schema.h engine_has_transactions()).
  bool lock_tables = false;
  // Errors retried as sysbench's --mysql-ignore-errors (client/error_class.h).
  std::vector<unsigned> ignored_errors = client::default_ignored_errors();
  // TPC-C only: the warehouses loaded, and this session's place among the load's sessions
  // (0-based; its home warehouse: load/family/tpcc/tpcc_program.h).
  int warehouses = 1;
  int ordinal = 0;
  bool tpcc_home_per_connection = false;  // tpcc_home: per_connection
  // Each statement timed by its class (Step::nanos): one steady-clock read per statement edge.
  // Off only to measure what the timing costs (bench/statement_timing.sh).
  bool time_statements = true;
};

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

// One statement of a planned transaction: a prepared statement with its integer parameters
// (text parameters are filled from the sysbench templates when it is sent), or a text query.
// An IN-list statement takes all its integers from `list` instead of `ints`.
struct Step {
  Statement* statement = nullptr;  // null: `text` is sent as a plain query
  std::array<long long, Statement::kMaxParams> ints{};
  std::string text;
  std::vector<long long> list;  // empty unless an IN-list; its capacity kept across transactions
  StatementClass klass = 0;  // index into the workload's statement_classes()
  // With time_statements, once the step succeeded: from the previous statement's end (the
  // transaction's start for the first) to its own, in nanoseconds.
  std::uint64_t nanos = 0;
  // Whether the step ran in the transaction's last attempt (a program may skip steps: the
  // COMMIT of a New-Order that rolls back); only those are timed.
  bool ran = false;
};

class TransactionProgram;  // load/step/transaction_program.h

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
  // The kind of the transaction planned last (workload_mix.h kind_names); 0 for sysbench's.
  int kind() const;
  // The statements the last transaction's attempt ran, by kind (the committed one's, when it
  // committed; steps a program skipped are not counted).
  const QueryCounts& executed() const { return executed_; }
  // The server's id of this session's connection (its PROCESSLIST ID); changes on reconnect.
  std::uint64_t connection_id() const { return mysql_thread_id(conn_->handle()); }

 private:
  struct TableStatements;  // the prepared statements of one table (session_tables.h)
  Session(const SessionConfig& config, std::uint64_t seed);
  Expected<void> connect_and_prepare();
  Expected<void> prepare_table(MYSQL* m, int table);
  Expected<void> prepare_frame(MYSQL* m);
  int send_step();            // sends steps_[next_] (or the next that runs), as resume()
  int finish_step(int wait);  // step done when wait == 0: error, or on to the next one
  void bind(const Step& step);
  int send_text(const Step& step);  // a step without a statement: its text as a query
  // next_ moved to the first step from it that runs; false when none is left.
  bool skip_to_runnable();
  void plan_transaction(bool retry);
  void plan_reads();
  void plan_writes();
  void plan_ranges(StatementClass c, Statement* s, int count);
  void plan_delete_inserts(TableStatements& t);
  void plan_insert();
  void add(StatementClass c, Statement* s, std::initializer_list<long long> ints);
  void stamp(Step& step);  // with time_statements: the step's time, and the next one's start
  TableStatements& random_table();
  // sysbench 0.4 mixes (session_legacy.cpp).
  Expected<void> prepare_legacy(MYSQL* m);
  Expected<void> prepare_legacy_frame(MYSQL* m);
  void plan_legacy();
  void plan_legacy_reads(TableStatements& t);
  void plan_legacy_writes(TableStatements& t);
  void plan_frame(StatementClass c, Statement* s, const std::string& text);
  // Microbenchmarks (session_micro.cpp).
  Expected<void> prepare_micro(MYSQL* m);
  void plan_micro();

  SessionConfig config_;
  Random rng_;
  std::optional<client::Connection> conn_;
  std::vector<std::unique_ptr<TableStatements>> tables_;
  std::unique_ptr<Statement> begin_, commit_;
  // 0.4 emulated statements the server cannot prepare (LOCK TABLES before MariaDB 10.6):
  // sent as text when the prepared one is null.
  std::string begin_text_, commit_text_;
  LegacyTransaction legacy_;  // ids of the current 0.4 transaction, kept across its retries
  std::vector<Step> steps_;   // the planned transaction
  std::size_t planned_ = 0;   // steps_[0, planned_) are this transaction's
  std::size_t next_ = 0;      // the step being executed
  unsigned failed_errno_ = 0;
  QueryCounts executed_;
  std::chrono::steady_clock::time_point edge_{};  // the running statement's start
  std::string last_error_;
  int reconnect_tries_ = 0;  // consecutive reconnects without a committed transaction
  // A workload whose statements take earlier results (TPC-C); null for sysbench's.
  std::unique_ptr<TransactionProgram> program_;
};

}  // namespace versus::load
