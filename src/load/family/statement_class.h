#pragma once
// Statement classes: the kinds of statements a workload sends, by name. Each workload declares
// its list (statement_classes()); each planned Step (session.h) carries its class's index into
// that list (a microbenchmark's one statement is class 0), and the engine times every statement by it (statement_timer.h). A workload added
// later adds its own list and indexes. Pure.
#include <cstdint>
#include <string_view>
#include <vector>

#include "load/step/workload_mix.h"

namespace versus::load {

// A Step's index into its workload's class list.
using StatementClass = std::uint8_t;

// sysbench's OLTP statements, 1.0's and 0.4.12's alike (0.4's delete/insert pair runs an
// index update, a delete and an insert): the indexes into their statement_classes().
namespace oltp {
enum Class : StatementClass {
  point_select,
  simple_range,
  sum_range,
  order_range,
  distinct_range,
  index_update,
  non_index_update,
  delete_,
  insert,
  begin,   // BEGIN, or LOCK TABLES (0.4 mixes on an engine without transactions)
  commit,  // COMMIT, or UNLOCK TABLES
  class_count
};
}  // namespace oltp

// The class names of `mix`'s transactions, indexed by its steps' classes. `lock_tables`:
// the frame is LOCK TABLES ... UNLOCK TABLES (SessionConfig::lock_tables).
std::vector<std::string_view> statement_classes(const WorkloadMix& mix, bool lock_tables = false);

// A workload file's classes: its statements by name, in file order, then BEGIN, COMMIT and
// ROLLBACK (before a retried transaction).
std::vector<std::string_view> custom_statement_classes(const sysbench::CustomWorkload& w);
// TPC-C's: each statement of tpcc_statements.h in Sql order, by its name
// ("new_order.district"), BEGIN, COMMIT and ROLLBACK first.
std::vector<std::string_view> tpcc_statement_classes();

// How many statements of each class one committed transaction of `mix` runs, by class index
// (the same length as statement_classes(mix)).
std::vector<int> statements_per_transaction(const WorkloadMix& mix);

}  // namespace versus::load
