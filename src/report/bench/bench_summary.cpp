#include "report/bench/bench_summary.h"

#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "measured/error_counts.h"
#include "report/shared/cell_text.h"
#include "results/evidence/efficiency.h"
#include "results/evidence/interference.h"
#include "results/record/errors_json.h"
#include "results/record/record_json.h"
#include "results/record/usage_json.h"
#include "results/record/warmup_json.h"
#include "sysbench/family_traits.h"

namespace versus::report {
namespace {
double per_second(std::uint64_t n, double seconds) {
  return seconds > 0 ? static_cast<double>(n) / seconds : 0.0;
}

// Each error code under the totals: "        1020 retried:  1251  (19.5% of transactions)
// Record has changed ...", the share of the committed transactions.
void write_error_codes(std::ostream& out, const measured::BenchRecord& s) {
  const double txn = static_cast<double>(s.counters.transactions);
  for (const measured::ErrorCount& e : s.errors)
    out << fmt::format("        {:<33}{:<10} ({:.1f}% of transactions) {}\n",
                       fmt::format("{} {}:", e.code, measured::error_kind_name(e.kind)), e.count,
                       txn > 0 ? static_cast<double>(e.count) * 100 / txn : 0.0, e.message);
}

void write_queries(std::ostream& out, const measured::BenchRecord& s) {
  const auto& c = s.counters;
  out << "SQL statistics:\n    queries performed:\n"
      << fmt::format("        read:                            {}\n", c.reads)
      << fmt::format("        write:                           {}\n", c.writes)
      << fmt::format("        other:                           {}\n", c.other)
      << fmt::format("        total:                           {}\n", c.queries())
      << fmt::format("    transactions:                        {:<10} ({:.2f} per sec.)\n",
                     c.transactions, per_second(c.transactions, s.seconds))
      << fmt::format("    queries:                             {:<10} ({:.2f} per sec.)\n",
                     c.queries(), per_second(c.queries(), s.seconds))
      << fmt::format("    ignored errors:                      {:<10} ({:.2f} per sec.)\n",
                     c.ignored_errors, per_second(c.ignored_errors, s.seconds))
      << fmt::format("    reconnects:                          {:<10} ({:.2f} per sec.)\n",
                     c.reconnects, per_second(c.reconnects, s.seconds));
  write_error_codes(out, s);
  if (c.abandoned > 0)
    out << fmt::format(
        "    abandoned:                           {:<10} (in flight at the stop and "
        "never answered: did the server hang?)\n",
        c.abandoned);
  out << '\n';
}

void write_latency(std::ostream& out, const measured::BenchRecord& s) {
  const auto& l = s.latency;
  out << "Latency (ms):\n";
  const std::array<std::pair<const char*, double>, 8> rows{{{"min", l.min},
                                                            {"avg", l.avg},
                                                            {"p50", l.p50},
                                                            {"p90", l.p90},
                                                            {"p95", l.p95},
                                                            {"p99", l.p99},
                                                            {"p99.9", l.p999},
                                                            {"max", l.max}}};
  for (const auto& [name, v] : rows)
    out << fmt::format("         {:<32}{:>10.2f}\n", std::string(name) + ":", v);
}

// Each kind's count, rate, latency and retried attempts; a family's headline rate (TPC-C's
// NOPM) and TPM first, else the transactions under the workload's name.
void write_kinds(std::ostream& out, const measured::BenchRecord& s) {
  if (s.kinds.empty()) return;
  const double minutes = s.seconds / 60;
  const auto per_minute = [&](std::uint64_t n) {
    return minutes > 0 ? static_cast<double>(n) / minutes : 0.0;
  };
  if (const auto& family = sysbench::traits_of_named(s.workload); family.has_headline())
    out << fmt::format("\n{} ({}): {} {:.0f}, TPM {:.0f}\n", family.name, family.pacing,
                       family.headline,
                       per_minute(s.kinds.front().transactions),
                       per_minute(s.counters.transactions));
  else
    out << fmt::format("\n{}: each transaction\n", s.workload);
  out << "    transaction        count      per min   p50 ms   p95 ms   p99 ms  retried\n";
  for (const measured::TransactionKind& k : s.kinds)
    out << fmt::format("    {:<15}{:>9}{:>13.0f}{:>9.2f}{:>9.2f}{:>9.2f}{:>9}\n", k.name,
                       k.transactions, per_minute(k.transactions), k.latency.p50, k.latency.p95,
                       k.latency.p99, k.retried);
}

// A family that checks the tables (TPC-C): whether its conditions hold on those the run left.
void write_consistency(std::ostream& out, const measured::BenchRecord& s) {
  double seconds = 0;
  for (const auto& c : s.consistency) seconds += c.seconds;
  if (!s.consistency_error.empty())
    out << "Consistency: " << s.consistency_error << '\n';
  else if (!s.consistency.empty())
    out << fmt::format("Consistency: the {} conditions checked hold ({:.2f} s)\n",
                       s.consistency.size(), seconds);
}

nlohmann::ordered_json consistency_json(const measured::BenchRecord& s) {
  auto conditions = nlohmann::ordered_json::array();
  for (const auto& cond : s.consistency)
    conditions.push_back({{"condition", cond.condition},
                          {"violations", cond.violations},
                          {"seconds", cond.seconds}});
  return conditions;
}

// Each statement class: count, per transaction, and its times in ms (the transaction's
// statements add up to about its latency; the rest is the client's own time between them).
void write_statements(std::ostream& out, const measured::BenchRecord& s) {
  if (s.statements.empty()) return;
  const double txn = static_cast<double>(s.counters.transactions);
  out << "\nStatements (ms; per txn: count and time per transaction):\n"
      << fmt::format("    {:<18}{:>10}{:>9}{:>10}{:>9}{:>9}{:>9}{:>9}\n", "class", "count",
                     "per txn", "ms/txn", "mean", "p50", "p95", "p99");
  for (const measured::StatementTime& t : s.statements)
    out << fmt::format("    {:<18}{:>10}{:>9.2f}{:>10.3f}{:>9.3f}{:>9.3f}{:>9.3f}{:>9.3f}\n",
                       t.statement, t.count,
                       txn > 0 ? static_cast<double>(t.count) / txn : 0.0,
                       txn > 0 ? t.total_ms / txn : 0.0, t.mean_ms, t.p50_ms, t.p95_ms,
                       t.p99_ms);
}

void write_deltas(std::ostream& out, const measured::BenchRecord& s) {
  if (s.status_deltas.empty()) return;
  out << "\nServer status deltas (SHOW GLOBAL STATUS, per transaction in brackets):\n";
  double tx = static_cast<double>(s.counters.transactions);
  for (const auto& [name, d] : s.status_deltas)
    out << fmt::format("    {:<37}{:<12} ({:.3f})\n", name + ":", d,
                       tx > 0 ? static_cast<double>(d) / tx : 0.0);
}
// The efficiency figures of the report's tables, per transaction, with the raw totals.
// What other processes and the hypervisor took over the snapshot interval, and a warning
// when it is more than the matrix default of interference_limit (results/evidence/interference.h).
void write_interference(std::ostream& out, const measured::UsageRecord& u) {
  const auto i = results::interference_of(u);
  if (!i) return;
  out << fmt::format("    {:<37}{:.3f} s, steal {:.3f} s ({:.1f}% of the machine)\n",
                     "other processes CPU:", i->other_cpu_s, i->steal_s, i->share() * 100);
  out << fmt::format("    {:<37}{} over {:.3f} s\n",
                     "transactions (snapshot interval):", u.transactions, u.interval_s);
  if (i->share() * 100 > results::kDefaultInterferenceLimitPct)
    out << fmt::format(
        "warning: busy machine: other processes and steal took {:.0f}% of the CPU (above {:g}%); "
        "these figures were disturbed\n",
        i->share() * 100, results::kDefaultInterferenceLimitPct);
}

// The kernel's counts of the server's threads, per transaction, and why an event was not.
void write_counted(std::ostream& out, const results::Efficiency& v, const measured::PerfRecord& p) {
  if (!p.recorded) return;
  auto line = [&](const char* name, std::optional<double> per_txn, std::int64_t total) {
    if (per_txn)
      out << fmt::format("    {:<37}{:<12.1f} ({} in all)\n", std::string(name) + ":", *per_txn,
                         total);
  };
  if (v.task_clock_us)
    out << fmt::format("    {:<37}{:<12.3f} ({:.3f} s)\n", "server task-clock us:", *v.task_clock_us,
                       p.task_clock_s);
  line("server cycles", v.cycles, p.cycles);
  line("server instructions", v.instructions, p.instructions);
  for (const std::string& why : p.unavailable) out << "    not counted: " << why << '\n';
}

void write_efficiency(std::ostream& out, const measured::BenchRecord& s) {
  if (!s.usage.measured) return;
  results::CellRecord cell;
  cell.counters = s.counters;
  cell.usage = s.usage;
  const auto e = results::efficiency_of(cell);
  const auto& u = s.usage;
  out << "\nEfficiency (per transaction; server: its whole process tree):\n";
  auto line = [&](const char* name, double per_txn, const std::string& total) {
    out << fmt::format("    {:<37}{:<12.3f} ({})\n", std::string(name) + ":", per_txn, total);
  };
  const results::Efficiency z{};
  const results::Efficiency& v = e ? *e : z;
  line("server CPU us", v.server_cpu_us,
       fmt::format("{:.3f} s user, {:.3f} s system", u.server_user_s, u.server_system_s));
  line("client CPU us", v.client_cpu_us,
       fmt::format("{:.3f} s user, {:.3f} s system", u.client_user_s, u.client_system_s));
  line("context switches", v.switches,
       fmt::format("{} voluntary, {} involuntary", u.voluntary_switches, u.involuntary_switches));
  line("read KB", v.read_kb, fmt::format("{} bytes from storage", u.read_bytes));
  line("write KB", v.write_kb, fmt::format("{} bytes to storage", u.write_bytes));
  write_counted(out, v, u.perf);
  out << fmt::format("    {:<37}{:.1f}\n",
                     "server peak RSS MB:", static_cast<double>(u.peak_rss_bytes) / (1 << 20));
  const double interval = u.cpu_interval() > 0 ? u.cpu_interval() : s.seconds;
  out << fmt::format("    {:<37}{:.3f} s of {} CPUs x {:.3f} s\n", "host busy CPU:", u.host_busy_s,
                     u.host_cpus, interval);
  write_interference(out, u);
}
}  // namespace

void write_bench_text(std::ostream& out, const measured::BenchRecord& s) {
  const std::string rate = s.rate ? fmt::format(", rate {}/s", s.rate) : "";
  out << fmt::format("versus bench: {}, {}{}, {}\n\n", s.workload, threads_text(s.threads), rate,
                     s.target);
  write_queries(out, s);
  out << fmt::format("General statistics:\n    total time:                          {:.4f}s\n",
                     s.seconds)
      << fmt::format("    total number of events:              {}\n\n", s.counters.transactions);
  write_latency(out, s);
  write_kinds(out, s);
  write_consistency(out, s);
  write_statements(out, s);
  write_deltas(out, s);
  write_efficiency(out, s);
}

void write_bench_interval(std::ostream& out, const measured::BenchInterval& i) {
  out << fmt::format("[ {:.0f}s ] thds: {} tps: {:.2f} qps: {:.2f} err/s: {:.2f}\n", i.t_s,
                     i.threads, i.tps, i.qps, i.errors_per_s);
}

namespace {
// Each kind as in results.json's transaction_kinds; a family's headline rate (NOPM) and TPM beside.
nlohmann::ordered_json kinds_json(const measured::BenchRecord& s) {
  auto kinds = nlohmann::ordered_json::array();
  for (const measured::TransactionKind& k : s.kinds)
    kinds.push_back(
        {{"name", k.name},
         {"transactions", k.transactions},
         {"per_minute", per_second(k.transactions, s.seconds) * 60},
         {"retried", k.retried},
         {"latency_ms", {{"p50", k.latency.p50}, {"p95", k.latency.p95}, {"p99", k.latency.p99}}}});
  return kinds;
}
}  // namespace

void write_bench_json(std::ostream& out, const measured::BenchRecord& s) {
  const auto& c = s.counters;
  const auto& l = s.latency;
  nlohmann::ordered_json j;
  j["format"] = kBenchFormat;
  j["workload"] = s.workload;
  j["target"] = s.target;
  j["threads"] = s.threads;
  j["rate"] = s.rate;
  j["seconds"] = s.seconds;
  j["transactions"] = c.transactions;
  j["tps"] = per_second(c.transactions, s.seconds);
  j["queries"] = {
      {"read", c.reads}, {"write", c.writes}, {"other", c.other}, {"total", c.queries()}};
  j["qps"] = per_second(c.queries(), s.seconds);
  j["ignored_errors"] = c.ignored_errors;
  j["reconnects"] = c.reconnects;
  j["abandoned"] = c.abandoned;
  j["errors"] = results::errors_to_json(s.errors);
  j["latency_ms"] = {{"min", l.min}, {"avg", l.avg}, {"p50", l.p50},    {"p90", l.p90},
                     {"p95", l.p95}, {"p99", l.p99}, {"p99.9", l.p999}, {"max", l.max}};
  if (!s.statements.empty()) j["statements"] = results::statements_to_json(s.statements);
  if (!s.status_deltas.empty()) {
    nlohmann::ordered_json d = nlohmann::ordered_json::object();
    for (const auto& [name, v] : s.status_deltas) d[name] = v;
    j["status_deltas"] = d;
  }
  if (s.usage.measured) {
    results::CellRecord cell;
    cell.counters = c;
    cell.usage = s.usage;
    if (auto e = results::efficiency_of(cell))
      j["efficiency"] = {{"server_cpu_us", e->server_cpu_us},
                         {"client_cpu_us", e->client_cpu_us},
                         {"ctx_switches", e->switches},
                         {"read_kb", e->read_kb},
                         {"write_kb", e->write_kb}};
    j["usage"] = results::usage_to_json(s.usage);
    if (auto i = results::interference_of(s.usage))
      j["interference"] = {{"other_cpu_s", i->other_cpu_s},
                           {"steal_s", i->steal_s},
                           {"share", i->share()},
                           {"disturbed", i->share() * 100 > results::kDefaultInterferenceLimitPct}};
  }
  if (s.warmup.recorded) j["warmup"] = results::warmup_to_json(s.warmup);
  if (sysbench::traits_of_named(s.workload).has_headline() && !s.kinds.empty()) {
    j["nopm"] = per_second(s.kinds.front().transactions, s.seconds) * 60;
    j["tpm"] = per_second(c.transactions, s.seconds) * 60;
  }
  if (!s.kinds.empty()) j["transaction_kinds"] = kinds_json(s);
  if (!s.consistency.empty() || !s.consistency_error.empty()) {
    j["consistency"] = consistency_json(s);
    if (!s.consistency_error.empty()) j["consistency_error"] = s.consistency_error;
  }
  j["series"] = results::series_to_json(s.series);
  out << j.dump(2) << '\n';
}

void write_bench_check_text(std::ostream& out, const measured::BenchRecord& s) {
  out << fmt::format("{} on {}: the tables' checks\n", s.workload, s.target);
  for (const auto& c : s.consistency)
    out << fmt::format("    condition {:>2}: {:<22}{:>9.3f} s\n", c.condition,
                       c.violations == 0 ? "holds"
                                         : fmt::format("{} row(s) break it", c.violations),
                       c.seconds);
  write_consistency(out, s);
}

void write_bench_check_json(std::ostream& out, const measured::BenchRecord& s) {
  nlohmann::ordered_json j{{"format", kBenchFormat},
                           {"workload", s.workload},
                           {"target", s.target},
                           {"consistency", consistency_json(s)}};
  if (!s.consistency_error.empty()) j["consistency_error"] = s.consistency_error;
  out << j.dump(2) << '\n';
}

}  // namespace versus::report
