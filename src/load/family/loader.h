#pragma once
// Loader: what an instance loads (LoadSpec), chosen, named, loaded and dropped family by
// family (load/family/registry.h): sysbench's tables (oltp/sbtest_loader.h), TPC-C's, a
// workload file's. The helpers every family's loader shares: the database, the binary log
// skipped, multi-row INSERTs. Any engine (InnoDB, MyISAM, Aria, ...): nothing here needs
// transactions.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "client/connection.h"
#include "client/endpoint.h"
#include "load/data/schema.h"
#include "load/data/random.h"
#include "sysbench/custom_workload.h"
#include "sysbench/rand_type.h"
#include "sysbench/workload.h"
#include "util/expected.h"

namespace versus::load {

// The version of the tables a load makes: raised whenever the rows, schema or indexes it
// creates change, so instances cached by an older versus are not reused (run/instance_cache.h).
inline constexpr int kLoaderVersion = 1;

struct LoadSpec {
  client::Endpoint endpoint;  // tables go to endpoint.database, sbtest when empty
  std::string engine = "innodb";
  int tables = 1;              // sbtest1..N; 0 for none
  bool legacy_table = false;   // also sysbench 0.4's table `sbtest` (load/family/oltp/legacy_loader.h)
  std::int64_t table_size = 10000;
  std::int64_t myisam_max_rows = 1'000'000;  // MAX_ROWS of the legacy MyISAM table
  std::string charset, collation;            // of every table's CREATE TABLE; "" = the server's own
  int parallel = 2;                          // tables loaded at once
  int rows_per_insert = 1000;                // per INSERT, when the server refuses LOAD DATA LOCAL
  sysbench::RandSpec distribution;
  // TPC-C's nine tables at this scale (load/family/tpcc/population_loader.h); 0: none.
  int warehouses = 0;
  // The workload files whose tables are loaded too, after the others (custom/custom_loader.h).
  std::vector<std::shared_ptr<const sysbench::CustomWorkload>> custom;
  // The replayed logs whose dumps are loaded too, last (replay/replay_family.h).
  std::vector<std::shared_ptr<const sysbench::ReplayWorkload>> replays;
};

// What a load is asked for: the workloads it serves (and the workload files and replayed logs
// among them: a replay's file carries CustomWorkload::replay), in
// `engine`, `tables` numbered tables and the size axis `size` (rows per table; TPC-C's
// warehouses), k drawn from `distribution` as sysbench's prepare draws it (--rand-type).
struct TableRequest {
  std::vector<sysbench::Workload> workloads;
  std::vector<std::shared_ptr<const sysbench::CustomWorkload>> files;
  std::string engine = "innodb";
  int tables = 1;
  std::int64_t size = 10000;
  sysbench::RandSpec distribution;
};

// The tables a load of `request` reads: each family marks its own (sbtest1..N unless only
// sysbench 0.4 mixes run, 0.4's `sbtest` when any does; TPC-C's at `size` warehouses; a workload file's tables, or sbtest1..N for a file that
// has none). The one place a matrix instance and `versus bench prepare` decide what to load;
// the endpoint is the caller's.
LoadSpec tables_for(const TableRequest& request);

// sbtest1..`tables` and every table a family loads under a fixed name (sysbench 0.4's
// sbtest, TPC-C's nine): what is dropped when the workload that loaded them is not known.
LoadSpec every_fixed_table(int tables);

// The names of the tables a load of `spec` makes, family by family: sbtest1..N, then sbtest
// when legacy_table, then TPC-C's when it has warehouses, then
// the workload files'.
std::vector<std::string> table_names(const LoadSpec& spec);

// Drops and re-creates the tables of `spec` (table_names), family by family, in the database
// (created when missing).
Expected<void> load_tables(const LoadSpec& spec);

// Drops the tables of `spec` (table_names) that exist from ep.database.
Expected<void> drop_tables(const client::Endpoint& ep, const LoadSpec& spec);

// Creates the database of `ep` when it is missing (connecting without one).
Expected<void> create_database(const client::Endpoint& ep);

// The database the tables go to: ep.database, or sbtest when it is empty.
std::string database_of(const client::Endpoint& ep);
// `name` as a quoted identifier (backquotes doubled).
std::string quote_identifier(const std::string& name);

// Appends the next `count` rows of `rows` (fewer when it runs out) to an INSERT's `sql` as
// comma-separated tuples: `rows` has done() and write_tuple(char*), each tuple at most
// `max_tuple` bytes (RowSource, tpcc::PopulationRows).
template <class Rows>
void append_tuples(std::string& sql, Rows& rows, int count, std::size_t max_tuple) {
  std::size_t at = sql.size();
  sql.resize(at + static_cast<std::size_t>(count) * (max_tuple + 1));
  for (int i = 0; i < count && !rows.done(); ++i) {
    if (i) sql[at++] = ',';
    at += rows.write_tuple(sql.data() + at);
  }
  sql.resize(at);
}

// Keeps this session's load out of the binary log (a fixture, not a change to replicate);
// a server without the variable or an account without the privilege loads it binlogged.
Expected<void> skip_binlog(client::Connection& conn);

}  // namespace versus::load
