#pragma once
// SessionConfig: what one client session runs, as plain values: where it connects, its
// workload's mix, the tables and how their ids are drawn. Its family (load/family/registry.h)
// turns it into the session's TransactionProgram.
#include <cstdint>
#include <vector>

#include "client/endpoint.h"
#include "client/error_class.h"
#include "load/step/workload_mix.h"
#include "sysbench/rand_type.h"
#include "sysbench/tpcc_options.h"

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
  // Every family: the load's sessions, `ordinal` among them (a replay deals its log's
  // connections onto them: load/family/replay/replay_program.h).
  int sessions = 1;
  sysbench::TpccOptions tpcc;  // tpcc_home, tpcc_mix, tpcc_checks
  // Each statement timed by its class (Step::nanos): one steady-clock read per statement edge.
  // Off only to measure what the timing costs (bench/statement_timing.sh).
  bool time_statements = true;
};

}  // namespace versus::load
