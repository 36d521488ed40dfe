#include "config/reading/plan_assembly.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "sysbench/family_traits.h"

namespace versus::config {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

std::vector<int> to_ints(const std::vector<std::int64_t>& values) {
  std::vector<int> out;
  for (std::int64_t v : values) out.push_back(static_cast<int>(v));  // table bounds fit in int
  return out;
}

void set_workloads(Plan& plan, const std::vector<WorkloadEntry>& entries) {
  plan.workloads.clear();
  plan.workload_files.clear();
  for (const WorkloadEntry& entry : entries) {
    plan.workloads.push_back(entry.workload);
    plan.workload_files.push_back(entry.file);
  }
}

int to_int(const Value& v) {
  return static_cast<int>(std::get<std::int64_t>(v));  // table bounds fit in int
}

// The Plan field of a per-transaction statement count; nullptr for other keys.
int* count_field(sysbench::StatementCounts& c, Key key) {
  switch (key) {
    case Key::point_selects:
      return &c.point_selects;
    case Key::simple_ranges:
      return &c.simple_ranges;
    case Key::sum_ranges:
      return &c.sum_ranges;
    case Key::order_ranges:
      return &c.order_ranges;
    case Key::distinct_ranges:
      return &c.distinct_ranges;
    case Key::index_updates:
      return &c.index_updates;
    case Key::non_index_updates:
      return &c.non_index_updates;
    case Key::delete_inserts:
      return &c.delete_inserts;
    default:
      return nullptr;
  }
}

// random_points' own IN-list: the one size given, else the listed size that has no test of
// its own name (10 and 1000 do), else the default (then no random_points runs).
int plain_random_points_size(const std::vector<int>& sizes) {
  if (sizes.size() == 1) return sizes.front();
  for (int size : sizes)
    if (sysbench::random_points_of_size(size) == sysbench::Workload::random_points) return size;
  return sysbench::StatementCounts{}.inlist_size;
}

// The statement counts, range size and id distribution: what each transaction runs, on which
// ids. Other keys (those of servers[] and profiles[] entries) are not stored here.
void store_load_shape(Plan& plan, Key key, const Value& v) {
  if (int* count = count_field(plan.counts, key)) *count = to_int(v);
  if (key == Key::range_size) plan.counts.range_size = to_int(v);
  if (key == Key::inlist_size) {
    plan.inlist_sizes = to_ints(std::get<std::vector<std::int64_t>>(v));
    plan.counts.inlist_size = plain_random_points_size(plan.inlist_sizes);
  }
  if (key == Key::rand_type)
    plan.rand.type = *sysbench::rand_type_from_name(std::get<std::string>(v));  // validated
  if (key == Key::rand_spec_pct) plan.rand.spec_pct = to_int(v);
  if (key == Key::rand_spec_res) plan.rand.spec_res = to_int(v);
  if (key == Key::rand_pareto_h) plan.rand.pareto_h = std::get<double>(v);
  if (key == Key::rand_zipfian_exp) plan.rand.zipfian_exp = std::get<double>(v);
}

// How each cell reaches its measured interval: prewarm, and a warmup fixed or until steady
// (the table stores steady as -1 ms). Other keys are not stored here.
void store_warmup(Plan& plan, Key key, const Value& v) {
  if (key == Key::warmup) {
    plan.warmup_steady = std::get<milliseconds>(v).count() < 0;
    plan.warmup = std::max(milliseconds{0}, std::get<milliseconds>(v));
  }
  if (key == Key::warmup_max) plan.warmup_max = std::get<milliseconds>(v);
  if (key == Key::prewarm) plan.prewarm = std::get<bool>(v);
  if (key == Key::instance_cache) plan.instance_cache = std::get<bool>(v);
}

// Transport, lifecycle, ignored errors, MyISAM rows and the exclude/include entries. Other keys are
// not stored here.
void store_matrix_shape(Plan& plan, Key key, Value&& v) {
  if (key == Key::transport)
    plan.transport = std::get<std::string>(v) == "tcp" ? Transport::tcp : Transport::socket;
  if (key == Key::ignore_errors) {
    plan.ignore_errors.clear();
    for (std::int64_t code : std::get<std::vector<std::int64_t>>(v))
      plan.ignore_errors.push_back(static_cast<unsigned>(code));  // table bounds: 1..65535
  }
  if (key == Key::lifecycle)
    plan.lifecycle = std::get<std::string>(v) == "server"  ? Lifecycle::server
                     : std::get<std::string>(v) == "round" ? Lifecycle::round
                                                           : Lifecycle::cell;
  if (key == Key::myisam_max_rows) plan.myisam_max_rows = std::get<std::int64_t>(v);
  if (key == Key::table_charset) plan.table_charset = std::get<std::string>(v);
  if (key == Key::table_collation) plan.table_collation = std::get<std::string>(v);
  if (key == Key::exclude) plan.excludes = std::get<std::vector<CellSelector>>(std::move(v));
  if (key == Key::include) plan.includes = std::get<std::vector<RunLengthOverride>>(std::move(v));
}

// Repeats and what makes a verdict. Other keys are not stored here.
void store_trust(Plan& plan, Key key, const Value& v) {
  if (key == Key::repeats) {
    plan.repeats = to_int(v);
    plan.auto_repeats = plan.repeats == 0;  // the table stores auto as 0
  }
  if (key == Key::max_repeats) plan.max_repeats = to_int(v);
  if (key == Key::time_budget) plan.time_budget = std::get<milliseconds>(v);
  if (key == Key::multiple_comparisons) plan.multiple_comparisons = std::get<std::string>(v);
  if (key == Key::estimate) plan.estimate = std::get<std::string>(v);
  if (key == Key::explain) {
    plan.explain_variables = std::get<std::string>(v) == "variables";
    plan.explain_settings = plan.explain_variables || std::get<std::string>(v) == "settings";
  }
  if (key == Key::explain_budget) plan.explain_budget = std::get<milliseconds>(v);
  if (key == Key::seed) plan.seed = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
  if (key == Key::min_difference) plan.min_difference_pct = to_int(v);
  if (key == Key::interference_limit) plan.interference_limit_pct = to_int(v);
}

// Rate, timeouts, noise control and what is recorded and shown. Other keys are not stored here.
void store_run_control(Plan& plan, Key key, const Value& v) {
  if (key == Key::rate) plan.rate = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
  if (key == Key::startup_timeout) plan.startup_timeout = std::get<milliseconds>(v);
  if (key == Key::shutdown_timeout) plan.shutdown_timeout = std::get<milliseconds>(v);
  if (key == Key::stall_timeout) plan.stall_timeout = std::get<milliseconds>(v);
  if (key == Key::stall_limit) plan.stall_limit = std::get<milliseconds>(v);
  if (key == Key::client_cpus) plan.client_cpus = std::get<std::vector<int>>(v);
  if (key == Key::server_cpus) plan.server_cpus = std::get<std::vector<int>>(v);
  if (key == Key::thread_placement) plan.colocate = std::get<std::string>(v) == "colocate";
  if (key == Key::cpu_probe) plan.cpu_probe = std::get<bool>(v);
  if (key == Key::efficiency) plan.efficiency = std::get<bool>(v);
  if (key == Key::metric)
    plan.metric = *metric_from_name(std::get<std::string>(v));  // the table checked the choice
}

// Moves one converted top-level value into its Plan field.
void store(Plan& plan, Key key, Value&& v) {
  switch (key) {
    case Key::servers:
      plan.servers = std::get<std::vector<ServerSpec>>(std::move(v));
      break;
    case Key::hosts:
      plan.hosts = std::get<std::vector<HostSpec>>(std::move(v));
      break;
    case Key::profiles:
      plan.profiles = std::get<std::vector<ProfileSpec>>(std::move(v));
      break;
    case Key::engines:
      plan.engines = std::get<std::vector<std::string>>(std::move(v));
      break;
    case Key::workloads:
      set_workloads(plan, std::get<std::vector<WorkloadEntry>>(v));
      break;
    case Key::suite:
      plan.suite = sysbench::suite_from_name(std::get<std::string>(v));  // validated
      break;
    case Key::reads_before_writes:
      plan.reads_before_writes = std::get<bool>(v);
      break;
    case Key::reads_after_writes:
      plan.reads_after_writes = std::get<bool>(v);
      break;
    case Key::threads:
      plan.threads = to_ints(std::get<std::vector<std::int64_t>>(v));
      break;
    case Key::tables:
      plan.tables = static_cast<int>(std::get<std::int64_t>(v));
      break;
    case Key::table_size:
      plan.table_sizes = std::get<std::vector<std::int64_t>>(std::move(v));
      break;
    case Key::warehouses:
      plan.warehouses = std::get<std::vector<std::int64_t>>(std::move(v));
      break;
    case Key::tpcc_home:  // the choices validated against their names
      plan.tpcc.home = *sysbench::tpcc_home_from_name(std::get<std::string>(v));
      break;
    case Key::tpcc_mix:
      plan.tpcc.mix = *sysbench::tpcc_mix_from_name(std::get<std::string>(v));
      break;
    case Key::tpcc_checks:
      plan.tpcc.checks = *sysbench::tpcc_checks_from_name(std::get<std::string>(v));
      break;
    case Key::duration:
      plan.duration = std::get<milliseconds>(v);
      break;
    case Key::read_duration:
      plan.read_duration = std::get<milliseconds>(v);
      break;
    case Key::write_duration:
      plan.write_duration = std::get<milliseconds>(v);
      break;
    case Key::insert_duration:
      plan.insert_duration = std::get<milliseconds>(v);
      break;
    case Key::warm_duration:
      plan.warm_duration = std::get<milliseconds>(v);
      break;
    case Key::max_requests:
      plan.max_requests = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
      break;
    default:
      store_load_shape(plan, key, v);
      store_warmup(plan, key, v);
      store_trust(plan, key, v);
      store_run_control(plan, key, v);
      store_matrix_shape(plan, key, std::move(v));
  }
}

// max_requests > 0 given without duration: the request count alone ends each cell.
void apply_request_limit(Plan& plan, const Fields& fields) {
  const auto duration = fields.find(Key::duration);
  const bool duration_given = duration != fields.end() && duration->second.given;
  plan.duration_given = duration_given;
  if (!duration_given && plan.max_requests > 0) plan.duration = milliseconds{0};
}

// suite: its workloads after those `workloads` names, each once (the reads only with
// reads_before_writes); instead of the default. Then, with reads_after_writes, its read tests
// again, marked as the pass after the writes; delete and insert last
// (sysbench::suite_runs_last), after every read.
void apply_suite(Plan& plan, const Fields& fields) {
  if (!plan.suite) return;
  const auto listed = fields.find(Key::workloads);
  if (listed == fields.end() || !listed->second.given) set_workloads(plan, {});
  auto add = [&plan](sysbench::Workload w, bool second_pass) {
    plan.workloads.push_back(w);
    plan.workload_files.push_back(nullptr);
    plan.after_writes.resize(plan.workloads.size() - 1, false);
    plan.after_writes.push_back(second_pass);
  };
  auto listed_already = [&plan](sysbench::Workload w) {
    return std::find(plan.workloads.begin(), plan.workloads.end(), w) != plan.workloads.end();
  };
  const auto& all = sysbench::suite_workloads(*plan.suite);
  for (sysbench::Workload w : all)
    if (!sysbench::suite_runs_last(w) && !listed_already(w) &&
        (plan.reads_before_writes || sysbench::suite_group(w) == sysbench::SuiteGroup::writes))
      add(w, false);
  if (plan.reads_after_writes)
    for (sysbench::Workload w : sysbench::suite_reads(*plan.suite)) add(w, true);
  for (sysbench::Workload w : all)  // delete and insert: after every read
    if (sysbench::suite_runs_last(w) && !listed_already(w)) add(w, false);
  plan.after_writes.resize(plan.workloads.size(), false);
}

// With several inlist_size sizes: each random_points entry (listed or the suite's, either
// pass) becomes one test per size in their order (random_points_of_size), its pass kept; a
// built-in test already there earlier in the same pass is not added twice.
void apply_inlist_sizes(Plan& plan) {
  if (plan.inlist_sizes.size() < 2) return;
  const bool passes = !plan.after_writes.empty();
  using File = std::shared_ptr<const sysbench::CustomWorkload>;
  std::vector<sysbench::Workload> workloads;
  std::vector<File> files;
  std::vector<bool> second_pass;
  auto add = [&](sysbench::Workload w, const File& file, bool second) {
    for (std::size_t i = 0; i < workloads.size(); ++i)
      if (!file && !files[i] && workloads[i] == w && second_pass[i] == second) return;
    workloads.push_back(w);
    files.push_back(file);
    second_pass.push_back(second);
  };
  for (std::size_t i = 0; i < plan.workloads.size(); ++i) {
    const bool second = runs_after_writes(plan, i);
    if (plan.workloads[i] != sysbench::Workload::random_points)
      add(plan.workloads[i], plan.workload_files[i], second);
    else
      for (int size : plan.inlist_sizes) add(sysbench::random_points_of_size(size), nullptr, second);
  }
  plan.workloads = std::move(workloads);
  plan.workload_files = std::move(files);
  plan.after_writes = passes ? std::move(second_pass) : std::vector<bool>{};
}
}  // namespace

Plan assemble_plan(Fields& fields, const std::string& source) {
  Plan plan;
  plan.source = source;
  for (auto& [key, field] : fields) {
    if (key == Key::table_charset) plan.table_charset_line = field.line;
    if (key == Key::table_collation) plan.table_collation_line = field.line;
    store(plan, key, std::move(field.value));
  }
  apply_request_limit(plan, fields);
  apply_suite(plan, fields);
  apply_inlist_sizes(plan);
  // The size axis is the matrix key its workloads' family reads sizes from.
  if (sysbench::size_axis(plan.workloads).key == option(Key::warehouses).name)
    plan.table_sizes = plan.warehouses;
  return plan;
}

}  // namespace versus::config
