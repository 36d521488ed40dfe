#include "load/drive/usage_probe.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "util/cpu_speed.h"
#include "util/proc_files.h"

namespace versus::load {

namespace {
double seconds_of(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

std::map<std::string, std::int64_t> metric_delta(const std::map<std::string, std::int64_t>& b,
                                                 const std::map<std::string, std::int64_t>& a) {
  std::map<std::string, std::int64_t> out;
  for (const auto& [name, value] : a)
    if (auto it = b.find(name); it != b.end()) out[name] = value - it->second;
  return out;
}
// Every thread of `pids` (a process that ended meanwhile has none).
std::vector<pid_t> threads_of_tree(const std::vector<pid_t>& pids) {
  std::vector<pid_t> tids;
  for (pid_t pid : pids)
    for (pid_t tid : proc_ids("/proc/" + std::to_string(pid) + "/task")) tids.push_back(tid);
  return tids;
}

std::int64_t count_or_none(const std::optional<std::uint64_t>& v) {
  return v ? static_cast<std::int64_t>(*v) : -1;
}
}  // namespace

measured::PerfRecord perf_record(const PerfCounters* counters, const PerfCounts& counts) {
  measured::PerfRecord r;
  r.recorded = true;
  if (!counters) {
    r.unavailable.push_back("task-clock, cycles, instructions: not counted for a server on "
                            "another host");
    return r;
  }
  if (counts.task_clock_ns) r.task_clock_s = static_cast<double>(*counts.task_clock_ns) / 1e9;
  r.cycles = count_or_none(counts.cycles);
  r.instructions = count_or_none(counts.instructions);
  for (PerfEvent e : kPerfEvents)
    if (!counters->counting(e)) r.unavailable.push_back(counters->why_not(e));
  return r;
}

std::map<std::string, std::int64_t> parse_metric_rows(const std::vector<client::Row>& rows) {
  std::map<std::string, std::int64_t> out;
  for (const auto& row : rows) {
    if (row.size() < 2 || row[1].empty()) continue;
    std::int64_t v = 0;
    const std::string& t = row[1];
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc() && end == t.data() + t.size()) out[row[0]] = v;
  }
  return out;
}

Expected<UsageProbe> UsageProbe::open(pid_t tree_root, const client::Endpoint& admin) {
  auto conn = client::Connection::open(admin, client::Connection::Role::admin);
  if (!conn) return fail(conn.error().context("connecting for the usage snapshots"));
  return UsageProbe(tree_root, std::move(*conn));
}

Expected<UsageProbe> UsageProbe::open_remote(ServerSideReader reader,
                                             const client::Endpoint& admin) {
  auto probe = open(0, admin);
  if (probe) probe->remote_ = std::move(reader);
  return probe;
}

ServerSide UsageProbe::server_side() {
  if (remote_) return remote_();
  ServerSide s;
  s.host = host_times();
  s.tree = sample_processes(tree_pids_);
  s.host_cpus = static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN));
  return s;
}

// The speed bursts run inside the interval only (the end's snapshot comes after the load
// stopped), each after that second's placement sample.
void UsageProbe::attach(DriverOptions& options, bool host_speed) {
  options.at_measure_start = [this](const LoadWatch& w) { begin(w); };
  options.at_measure_end = [this](const LoadWatch& w) { end(w); };
  options.during_measure = [this, host_speed](const LoadWatch& w) {
    sample(w);
    if (host_speed) probe_speed();
  };
}

void UsageProbe::sample(const LoadWatch& watch) {
  if (!remote_) placement_.add(threads_of(tree_pids_), own_threads(watch.client_tids()));
}

void UsageProbe::probe_speed() {
  if (remote_) return;
  speed_sum_ += alu_rate_in_cpu_time(kSpeedBurst);
  ++speed_samples_;
}

// The server's side (its host, then its tree), then versus, back to back: the same order at
// both edges, so each figure's interval has the same length as the others'.
void UsageProbe::read_cpu(Snapshot& s) {
  const auto before = Clock::now();
  ServerSide side = server_side();
  s.host = side.host;
  s.host_at = remote_ ? before + (Clock::now() - before) / 2 : before;
  host_cpus_ = side.host_cpus;
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);
  s.client_user_s = seconds_of(self.ru_utime);
  s.client_system_s = seconds_of(self.ru_stime);
  s.tree = std::move(side.tree);
  if (remote_) return;
  if (!perf_)
    perf_ = PerfCounters::open(perf_tids_);
  else
    perf_counts_ = perf_->read();
}

// The slow scan of /proc for the tree's pids comes before the instant the snapshot stands
// for; the transactions completed are read just before and after SHOW GLOBAL STATUS.
UsageProbe::Snapshot UsageProbe::take(const LoadWatch& watch) {
  Snapshot s;
  if (!remote_) tree_pids_ = process_tree(root_);
  if (!remote_ && !perf_) perf_tids_ = threads_of_tree(tree_pids_);
  read_cpu(s);
  const std::uint64_t done_before = watch.completed();
  const auto sent = Clock::now();
  auto status = snapshot_status(conn_);
  const auto received = Clock::now();
  s.completed = (static_cast<double>(done_before) + static_cast<double>(watch.completed())) / 2;
  s.status_at = sent + (received - sent) / 2;
  if (status) s.status = std::move(*status);
  if (have_innodb_metrics_) {
    auto rows = conn_.query(kInnodbMetricsQuery);
    if (rows)
      s.innodb_metrics = parse_metric_rows(*rows);
    else
      have_innodb_metrics_ = false;  // MySQL before 5.6, MariaDB before 10.0: no such table
  }
  s.complete = status.has_value() && !s.tree.processes.empty();
  return s;
}

void UsageProbe::begin(const LoadWatch& watch) {
  before_ = take(watch);
  sample(watch);
}

void UsageProbe::end(const LoadWatch& watch) {
  after_ = take(watch);
  sample(watch);
}

measured::UsageRecord UsageProbe::result() const {
  measured::UsageRecord r;
  if (!before_ || !after_ || !before_->complete || !after_->complete) return r;
  const Snapshot &b = *before_, &a = *after_;
  const TreeDelta t = tree_delta(b.tree, a.tree);
  r.measured = true;
  r.server_user_s = t.user_s;
  r.server_system_s = t.system_s;
  r.client_user_s = a.client_user_s - b.client_user_s;
  r.client_system_s = a.client_system_s - b.client_system_s;
  r.voluntary_switches = t.voluntary;
  r.involuntary_switches = t.involuntary;
  r.read_bytes = t.read_bytes;
  r.write_bytes = t.write_bytes;
  r.read_chars = t.rchar;
  r.write_chars = t.wchar;
  r.peak_rss_bytes = t.peak_rss_bytes;
  r.interval_s = std::chrono::duration<double>(a.status_at - b.status_at).count();
  r.transactions =
      static_cast<std::uint64_t>(std::llround(std::max(0.0, a.completed - b.completed)));
  r.host_cpus = host_cpus_;
  r.client_on_host = !remote_;
  r.cpu_interval_s = std::chrono::duration<double>(a.host_at - b.host_at).count();
  r.host_busy_s = host_busy_between(b.host, a.host, r.cpu_interval_s, r.host_cpus);
  r.steal_s = a.host.steal_s - b.host.steal_s;
  r.placement = placement_.record();
  r.perf = perf_record(perf_ ? &*perf_ : nullptr, perf_counts_);
  r.host_speed_samples = speed_samples_;
  r.host_speed = speed_samples_ > 0 ? speed_sum_ / speed_samples_ : 0;
  for (const auto& [name, value] : status_delta(b.status, a.status)) r.status[name] = value;
  if (have_innodb_metrics_) r.innodb_metrics = metric_delta(b.innodb_metrics, a.innodb_metrics);
  return r;
}

}  // namespace versus::load
