#pragma once
// WorkloadFamily: the seam where a kind of workload plugs into the engine. A family is
// everything versus does differently for its workloads: what it loads, its statements and their
// classes, the plans to explain, the program each session runs, its prewarm, and what it adds to
// a cell's record (a headline rate, checks on the tables a cell left). The families are listed
// once, in load/family/registry.cpp; no code outside a family's room chooses by family.
// Implementations are stateless and shared by every thread.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "client/connection.h"
#include "load/family/explain_template.h"
#include "load/family/loader.h"
#include "load/probe/prewarm.h"
#include "load/step/session_config.h"
#include "load/step/transaction_program.h"
#include "load/step/workload_mix.h"
#include "measured/consistency_record.h"
#include "measured/query_results.h"
#include "sysbench/family_traits.h"
#include "sysbench/statement_counts.h"
#include "sysbench/workload.h"
#include "util/expected.h"

namespace versus::load {

// The plan's size axis for one instance: the numbered tables and the size each family reads
// in its own unit (rows per table, TPC-C's warehouses).
struct TableShape {
  int tables = 1;
  std::int64_t size = 10000;
};

// What the plan's size axis counts for a family, and the tag an instance's name carries for it
// (".s10000": 10,000 rows; ".w4": 4 warehouses).
using SizeAxis = sysbench::SizeAxis;

class WorkloadFamily {
 public:
  virtual ~WorkloadFamily() = default;
  // Its row of the traits table (sysbench/family_traits.h): what the layers above the engine
  // ask of it without naming it. The defaults below answer from it.
  virtual const sysbench::FamilyTraits& traits() const = 0;
  // Its name in messages ("sysbench", "TPC-C", "workload file").
  virtual std::string_view name() const { return traits().name; }
  // Whether `w` is one of its workloads.
  virtual bool runs(sysbench::Workload w) const { return traits().runs(w); }

  // What it loads. Marks in `spec` the tables `workloads` (its own among a load's) need.
  virtual void choose_tables(const std::vector<sysbench::Workload>& workloads,
                             const TableShape& shape, LoadSpec& spec) const = 0;
  // Appends the names of its tables in `spec`, in load order.
  virtual void add_table_names(const LoadSpec& spec, std::vector<std::string>& names) const = 0;
  // Creates and fills its tables of `spec` (the database exists).
  virtual Expected<void> load(const LoadSpec& spec) const = 0;
  // Drops its tables of `spec` that exist.
  virtual Expected<void> drop(client::Connection& conn, const LoadSpec& spec) const = 0;
  // Lines that identify its tables of `spec` in an instance cache key (run/instance_cache.h):
  // any change to what it loads must change them. "" when `spec` has none of its tables.
  virtual std::string identity(const LoadSpec& spec) const = 0;
  // Whether a table named `name` is one of the fixed-name tables it may load (host/data_size.h).
  virtual bool owns_table(std::string_view name) const = 0;
  // What the size axis counts for it.
  virtual SizeAxis size_axis() const { return traits().size; }

  // Its statements. The mix of `w` (one of its workloads) with `counts` applied; by default a
  // mix whose transactions its program plans (program_mix), the counts not applying.
  virtual WorkloadMix mix(sysbench::Workload w, const sysbench::StatementCounts&) const {
    return program_mix(w);
  }
  // How a cell's record names the manner of `mix` ("sysbench-1.0", "tpcc", ...); by default
  // its traits' first dialect.
  virtual std::string dialect(const WorkloadMix&) const {
    return std::string(traits().dialects[0]);
  }
  // The version of `mix`'s statements' definition, recorded so that two definitions of one
  // workload name are never compared unnoticed; 0 when its statements have only ever had one.
  virtual int definition(const WorkloadMix&) const { return 0; }
  // The class names of `mix`'s statements, indexed by its steps' classes; `lock_tables`: the
  // frame is LOCK TABLES ... UNLOCK TABLES (SessionConfig::lock_tables).
  virtual std::vector<std::string_view> statement_classes(const WorkloadMix& mix,
                                                          bool lock_tables) const = 0;
  // Statements per committed transaction by class; empty when it depends on the transaction.
  virtual std::vector<int> statements_per_transaction(const WorkloadMix& mix) const = 0;
  // Its kinds of transaction by Session::kind(); empty when they are all alike.
  virtual std::vector<std::string_view> kind_names(const WorkloadMix& mix) const = 0;
  // Its statements on `load`'s tables, with representative literals (explain_template.h).
  virtual void add_explain_templates(const LoadSpec& load, const sysbench::StatementCounts& counts,
                                     std::vector<ExplainTemplate>& out) const = 0;

  // Checks without a server what `mix` (one of its workloads) will run, before any server
  // starts (run/preflight.h): an error names the file and line at fault.
  virtual Expected<void> check(const WorkloadMix&) const { return {}; }

  // Its run. The program one session of `config` runs.
  virtual std::unique_ptr<TransactionProgram> program(const SessionConfig& config) const = 0;
  // Whether a cell of `config` runs the unmeasured results pass below (a replay asked to
  // compare its results); none by default.
  virtual bool compares_results(const SessionConfig&) const { return false; }
  // The unmeasured pass before a cell's timed load that records what each of its statements
  // returns (measured/query_results.h), over `conn` (in `config`'s database; its read
  // deadline bounds a statement); `cancel` (may be null) ends it early. A statement's error
  // is recorded in the results, not returned. Not recorded (QueryResults::recorded false) by
  // default.
  virtual Expected<measured::QueryResults> results_pass(client::Connection&, const SessionConfig&,
                                                        const std::atomic<bool>*) const {
    return measured::QueryResults{};
  }
  // Reads the tables `config` runs on into the server's cache (load/probe/prewarm.h).
  virtual Expected<PrewarmResult> prewarm(client::Connection& conn,
                                          const SessionConfig& config) const = 0;
  // The table whose engine decides how `mix` frames its transactions, when it can run on an
  // engine without them (sysbench 0.4's sbtest: LOCK TABLES ... UNLOCK TABLES there); "" when
  // it always runs BEGIN ... COMMIT.
  virtual std::string_view locking_table(const WorkloadMix&) const { return {}; }
  // Where a transaction's home rows are drawn, as a record names it ("per_transaction"); ""
  // when the family has no such choice.
  virtual std::string home(const SessionConfig&) const { return {}; }
  // The deck its kinds of transaction are dealt from, as a record names it ("standard"); ""
  // when the family deals none.
  virtual std::string deck(const SessionConfig&) const { return {}; }

  // What it adds to a cell's record. The kind whose committed transactions per minute are its
  // headline rate (TPC-C's New-Order: NOPM); none by default.
  virtual std::optional<std::size_t> headline_kind() const { return std::nullopt; }
  // Whether the server keeps its own count of the headline kind (server_count).
  virtual bool counts_on_server() const { return false; }
  // The server's count of committed headline transactions, read at the measured interval's
  // quiet edges (TPC-C: SUM(d_next_o_id)).
  virtual Expected<long long> server_count(client::Connection&) const { return 0LL; }
  // Whether it checks the tables a cell left (check_tables).
  virtual bool checks_tables() const { return traits().checks_tables(); }
  // Each condition `config` selects, its violations on the tables a cell left and its time,
  // into `out`; an error names the first that does not hold, or why none could be checked:
  // the cell then fails.
  virtual Expected<void> check_tables(client::Connection&, const SessionConfig&,
                                      std::vector<measured::ConsistencyRecord>&) const {
    return {};
  }
};

}  // namespace versus::load
