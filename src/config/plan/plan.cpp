#include "config/plan/plan.h"

#include "config/plan/matrix_walk.h"
#include "sysbench/suite.h"
#include "sysbench/workload.h"

namespace versus::config {

std::string run_estimate(const Plan& plan) {
  return plan.lifecycle == Lifecycle::server ? "independent" : plan.estimate;
}

std::string workload_label(const Plan& plan, std::size_t w) {
  if (w < plan.workload_files.size() && plan.workload_files[w]) return plan.workload_files[w]->name;
  const std::string name(sysbench::workload_name(plan.workloads[w]));
  return runs_after_writes(plan, w) ? name + std::string(sysbench::kAfterWritesSuffix) : name;
}

bool runs_after_writes(const Plan& plan, std::size_t w) {
  return w < plan.after_writes.size() && plan.after_writes[w];
}

bool writes_before_second_pass(const Plan& plan, std::size_t w) {
  const sysbench::Workload workload = plan.workloads[w];
  return !runs_after_writes(plan, w) &&
         sysbench::suite_group(workload) == sysbench::SuiteGroup::writes &&
         !sysbench::suite_runs_last(workload);
}

std::string host_address(const HostSpec& host) {
  if (!host.address.empty()) return host.address;
  const auto at = host.ssh.rfind('@');
  return at == std::string::npos ? host.ssh : host.ssh.substr(at + 1);
}

const HostSpec* host_of(const Plan& plan, std::size_t server) {
  const std::string& name = plan.servers[server].host;
  for (const HostSpec& h : plan.hosts)
    if (!name.empty() && h.name == name) return &h;
  return nullptr;
}

std::optional<std::size_t> data_source_of(const Plan& plan, std::size_t server) {
  const std::string& name = plan.servers[server].data_from;
  for (std::size_t i = 0; i < plan.servers.size() && !name.empty(); ++i)
    if (plan.servers[i].name == name) return i;
  return std::nullopt;
}

int rounds_of(const Plan& plan) {
  return plan.auto_repeats ? plan.max_repeats : plan.repeats;
}

bool selects(const Plan& plan, const CellSelector& s, const Cell& c) {
  return (!s.server || *s.server == plan.servers[c.server].name) &&
         (!s.profile || *s.profile == plan.profiles[c.profile].name) &&
         (!s.engine || *s.engine == plan.engines[c.engine]) &&
         (!s.workload || *s.workload == workload_label(plan, c.workload)) &&
         (!s.threads || *s.threads == c.threads) &&
         (!s.table_size || *s.table_size == plan.table_sizes[c.size]);
}

bool excluded(const Plan& plan, const Cell& cell) {
  for (const CellSelector& s : plan.excludes)
    if (selects(plan, s, cell)) return true;
  return false;
}

namespace {
// The measured interval of workload `w` before include[]: a suite test's read_duration,
// write_duration or insert_duration when given, else duration. As the published run, the
// write-only test takes the reads' duration and insert its own (falling back to the writes').
std::chrono::milliseconds base_duration(const Plan& plan, std::size_t w) {
  using sysbench::Workload;
  const Workload workload = plan.workloads[w];
  const auto group = plan.suite ? sysbench::suite_group(workload) : std::nullopt;
  if (!group) return plan.duration;
  auto d = *group == sysbench::SuiteGroup::writes && workload != Workload::oltp_write_only
               ? plan.write_duration
               : plan.read_duration;
  if (workload == Workload::oltp_insert && plan.insert_duration.count() > 0)
    d = plan.insert_duration;
  return d.count() > 0 ? d : plan.duration;
}
}  // namespace

RunLength run_length(const Plan& plan, const Cell& cell) {
  RunLength r{plan.warmup, base_duration(plan, cell.workload), plan.max_requests};
  bool duration_given = plan.duration_given, requests_given = false;
  for (const RunLengthOverride& o : plan.includes) {
    if (!selects(plan, o.select, cell)) continue;
    if (o.warmup) r.warmup = *o.warmup;
    if (o.duration) r.duration = *o.duration;
    if (o.max_requests) r.max_requests = *o.max_requests;
    duration_given = duration_given || o.duration.has_value();
    requests_given = requests_given || o.max_requests.has_value();
  }
  if (requests_given && !duration_given && r.max_requests > 0) r.duration = {};
  return r;
}

std::vector<Cell> all_cells(const Plan& plan) {
  std::vector<Cell> cells;
  walk_matrix(plan, kPlanOrder, [&](const Cell& c) { cells.push_back(c); });
  return cells;
}

std::vector<Cell> expand_cells(const Plan& plan) {
  std::vector<Cell> cells;
  for (const Cell& c : all_cells(plan))
    if (!excluded(plan, c)) cells.push_back(c);
  return cells;
}

}  // namespace versus::config
