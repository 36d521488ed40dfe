#pragma once
// Consistency: the TPC-C specification's consistency conditions 1-10 (clause 3.3.2.1-10: all
// that hold after transactions have run), checked on the tables after a run, each by one query
// that counts the warehouses, districts, orders, order lines or customers breaking it. What a
// cell records (results: tpcc consistency) and marks the cell by when one fails.
#include <string>
#include <string_view>
#include <vector>

#include "client/connection.h"
#include "sysbench/tpcc_options.h"
#include "util/expected.h"

namespace versus::load::tpcc {

struct ConsistencyCondition {
  int number = 0;         // 1..10, as the specification numbers them
  std::string_view text;  // what holds, in the specification's columns
  std::string_view sql;   // counts the warehouses or districts where it does not
  // Whether its query reads neither order_line nor customer (tpcc_checks: cheap): the largest
  // tables, order_line growing by ten rows a New-Order.
  bool cheap = false;
};
const std::vector<ConsistencyCondition>& consistency_conditions();

struct ConsistencyResult {
  int number = 0;
  long long violations = 0;  // rows breaking the condition (what its query counts); 0: it holds
  double seconds = 0;        // its query's wall time
};

// The New-Orders committed so far by the server's own count: SUM(d_next_o_id) over every
// district (each committed New-Order takes its district's next id; a rolled-back one takes
// none). Its change over the measured interval is HammerDB's NOPM.
Expected<long long> committed_new_orders(client::Connection& conn);

// Runs the query of every condition `checks` selects on `conn` (its database holds TPC-C's
// tables), in the specification's order.
Expected<std::vector<ConsistencyResult>> check_consistency(
    client::Connection& conn, sysbench::TpccChecks checks = sysbench::TpccChecks::all);

}  // namespace versus::load::tpcc
