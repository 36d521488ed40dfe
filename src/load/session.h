#pragma once
// Session: one client connection running a workload's transactions, with its own
// prepared statements and random generator. Used by exactly one thread.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "client/connection.h"
#include "load/legacy_transaction.h"
#include "load/random.h"
#include "load/statement.h"
#include "load/workload_mix.h"
#include "util/expected.h"

namespace versus::load {

struct SessionConfig {
  client::Endpoint endpoint;
  WorkloadMix mix;
  int tables = 1;
  std::uint32_t table_size = 10000;
  DistributionParams distribution;
  // sysbench 0.4 mixes only: the engine has no transactions, so each transaction runs between
  // LOCK TABLES sbtest READ|WRITE and UNLOCK TABLES (schema.h engine_has_transactions()).
  bool lock_tables = false;
};

// Counters of one thread: written by that thread only (relaxed), read by the progress
// reporter. Aligned so threads never share a cache line.
struct alignas(64) ThreadCounters {
  std::atomic<std::uint64_t> transactions{0};
  std::atomic<std::uint64_t> reads{0};
  std::atomic<std::uint64_t> writes{0};
  std::atomic<std::uint64_t> other{0};
  std::atomic<std::uint64_t> ignored_errors{0};
  std::atomic<std::uint64_t> reconnects{0};
  static void bump(std::atomic<std::uint64_t>& c, std::uint64_t n = 1) {
    c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
  }
};

class Session {
 public:
  static Expected<std::unique_ptr<Session>> open(const SessionConfig& config, std::uint64_t seed);
  ~Session();

  // Runs one transaction to its end, retrying it after ignorable errors and reconnecting
  // after a lost connection (each counted in `errors`). Fails only on a fatal error.
  Expected<void> run_transaction(ThreadCounters& errors);

 private:
  struct TableStatements;  // the prepared statements of one table
  Session(const SessionConfig& config, std::uint64_t seed);
  Expected<void> connect_and_prepare();
  unsigned attempt();  // one try of the transaction: 0 or the failing errno
  unsigned run_reads();
  unsigned run_writes();
  unsigned run_ranges(Statement* s, int count);
  unsigned run_delete_inserts(TableStatements& t);
  unsigned run_insert();
  TableStatements& random_table();
  Expected<void> handle_error(unsigned err, ThreadCounters& errors, int& reconnect_tries);
  // sysbench 0.4 mixes (session_legacy.cpp).
  Expected<void> prepare_legacy(MYSQL* m);
  Expected<void> prepare_legacy_frame(MYSQL* m);
  unsigned attempt_legacy();
  unsigned run_legacy_reads(TableStatements& t);
  unsigned run_legacy_ranges(Statement* s, const std::vector<IdRange>& ranges);
  unsigned run_legacy_writes(TableStatements& t);
  unsigned run_frame(Statement* s, const std::string& text);

  SessionConfig config_;
  Random rng_;
  std::optional<client::Connection> conn_;
  std::vector<std::unique_ptr<TableStatements>> tables_;
  std::unique_ptr<Statement> begin_, commit_;
  // 0.4 emulated statements the server cannot prepare (LOCK TABLES before MariaDB 10.6):
  // sent as text when the prepared one is null.
  std::string begin_text_, commit_text_;
  LegacyTransaction legacy_;  // ids of the current 0.4 transaction, kept across its retries
  std::string last_error_;
};

}  // namespace versus::load
