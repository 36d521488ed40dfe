#include "run/cell_inputs.h"

#include <unistd.h>

#include <algorithm>
#include <utility>

#include "load/data/schema.h"
#include "load/drive/seed.h"
#include "load/family/explain_template.h"
#include "load/family/registry.h"

namespace versus::run {

load::LoadSpec instance_tables(const config::Plan& plan, const std::string& engine,
                               std::int64_t table_size) {
  load::TableRequest request{plan.workloads, {}, engine, plan.tables, table_size, plan.rand};
  for (const auto& file : plan.workload_files)
    if (file) request.files.push_back(file);
  load::LoadSpec spec = load::tables_for(request);
  spec.myisam_max_rows = plan.myisam_max_rows;
  spec.charset = plan.table_charset;
  spec.collation = plan.table_collation;
  return spec;
}

std::string instance_name(const config::Plan& plan, const InstanceKey& k) {
  const bool sweep = plan.table_sizes.size() > 1;  // names unchanged for one size
  return plan.servers[k.server].name + "." + plan.profiles[k.profile].name + "." +
         plan.engines[k.engine] +
         (sweep ? "." + std::string(load::size_axis(plan.workloads).tag) +
                      std::to_string(plan.table_sizes[k.size])
                : "");
}

InstanceSpec instance_spec(const config::Plan& plan, const Preflight& pf, const InstanceKey& k,
                           const std::string& password, host::ServerHost* host) {
  const auto& srv = plan.servers[k.server];
  const auto& prof = plan.profiles[k.profile];
  const auto& engine = plan.engines[k.engine];
  const std::int64_t size = plan.table_sizes[k.size];
  const bool sweep = plan.table_sizes.size() > 1;  // names unchanged for one size
  const load::SizeAxis axis = load::size_axis(plan.workloads);
  const std::string n = std::to_string(size);
  InstanceSpec s;
  s.name = instance_name(plan, k);
  s.title = srv.name + " / " + prof.name + " / " + engine +
            (sweep ? " / " + n + " " + std::string(axis.unit) : "");
  s.server_name = srv.name;
  s.profile_name = prof.name;
  s.release = pf.releases[k.server];
  s.fragments = pf.fragments[k.profile];
  s.options = prof.options;
  s.equalize = prof.equalize;
  s.server_fragments = pf.server_fragments[k.server];
  s.server_options = srv.options;
  s.load = instance_tables(plan, engine, size);
  s.explain = load::explain_templates(s.load, plan.counts);
  s.use_socket = plan.transport == config::Transport::socket && host->capabilities().socket;
  s.timeouts = {plan.startup_timeout, plan.shutdown_timeout, plan.stall_timeout};
  s.password = password;
  s.as_root = ::geteuid() == 0;
  s.host = host;
  return s;
}

Expected<void> check_socket_paths(const config::Plan& plan, const std::filesystem::path& output) {
  const auto instances = std::filesystem::absolute(output).lexically_normal() / "instances";
  for (const InstanceKey& k : instances_of(plan)) {
    if (!plan.servers[k.server].host.empty()) continue;  // its paths are the host's
    const auto socket = (instances / instance_name(plan, k) / "sock").string();
    if (socket.size() > 107)
      return fail("socket path " + socket + " is " + std::to_string(socket.size()) +
                  " bytes, longer than a Unix socket's 107; choose a shorter --output");
  }
  return {};
}

std::string server_profile_name(const config::Plan& plan, std::size_t server, std::size_t profile) {
  return plan.servers[server].name + "." + plan.profiles[profile].name;
}

results::CellCoordinates coordinates(const config::Plan& plan, const config::Cell& c,
                                     std::size_t index, std::size_t total) {
  return {index,
          total,
          plan.servers[c.server].name,
          plan.profiles[c.profile].name,
          plan.engines[c.engine],
          config::workload_label(plan, c.workload),
          c.threads,
          c.repeat,
          plan.tables,
          plan.table_sizes[c.size]};
}

CellLoad cell_load(const config::Plan& plan, const config::Cell& c) {
  CellLoad cl;
  const sysbench::Workload w = plan.workloads[c.workload];
  load::SessionConfig& session = cl.driver.session;
  session.mix = load::mix_for(w, plan.counts);
  if (c.workload < plan.workload_files.size()) session.mix.custom = plan.workload_files[c.workload];
  session.distribution = plan.rand;
  session.lock_tables = !load::family_of(w).locking_table(session.mix).empty() &&
                        !load::engine_has_transactions(plan.engines[c.engine]);
  session.tables = plan.tables;
  session.table_size = static_cast<std::uint32_t>(plan.table_sizes[c.size]);
  session.warehouses = static_cast<int>(plan.table_sizes[c.size]);  // for a warehouse-sized family
  session.tpcc = plan.tpcc;
  session.ignored_errors = plan.ignore_errors;
  cl.driver.connections = c.threads;
  const config::RunLength length = config::run_length(plan, c);
  cl.driver.warmup = length.warmup;
  cl.driver.duration = length.duration;
  cl.driver.max_requests = length.max_requests;
  cl.driver.warmup_steady = plan.warmup_steady;
  cl.driver.warmup_max = plan.warmup_max;
  cl.prewarm = plan.prewarm;
  cl.driver.rate = plan.rate;
  cl.workload = config::workload_label(plan, c.workload);
  cl.repeat = c.repeat;
  cl.client_cpus = plan.client_cpus;
  cl.server_cpus = plan.server_cpus;
  cl.colocate = plan.colocate;
  cl.cpu_probe = plan.cpu_probe;
  cl.efficiency = plan.efficiency;
  cl.driver.seed = load::derive_seed(plan.seed, static_cast<std::uint64_t>(c.repeat));
  cl.cpu_quota_pct = plan.servers[c.server].cpu_quota_pct;
  cl.stall_timeout = plan.stall_timeout;
  cl.stall_limit = plan.stall_limit;
  return cl;
}

}  // namespace versus::run
