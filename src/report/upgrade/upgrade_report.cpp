#include "report/upgrade/upgrade_report.h"

#include <algorithm>
#include <array>
#include <set>
#include <sstream>
#include <string_view>

#include "report/notes/error_notes.h"
#include "report/shared/cell_text.h"
#include "report/shared/comparison.h"
#include "sysbench/workload.h"

namespace versus::report {

namespace {

using results::CellRecord;
using results::CellStatus;
using results::Verdict;

// Per-instance by nature: where it lives, how it is reached, who it is.
constexpr std::array<std::string_view, 17> kIgnoredNames{
    "datadir",        "socket",      "port",       "report_port",      "pid_file",
    "log_error",      "tmpdir",      "basedir",    "plugin_dir",       "lc_messages_dir",
    "hostname",       "server_uuid", "server_uid", "general_log_file", "slow_query_log_file",
    "innodb_version", "extra_port"};

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// gtid_binlog_pos, gtid_current_pos, gtid_executed, ...: positions, not settings.
bool gtid_position(std::string_view name) {
  if (!starts_with(name, "gtid_")) return false;
  for (std::string_view end : {"_pos", "_state", "_executed", "_purged", "_owned"})
    if (ends_with(name, end)) return true;
  return false;
}

bool in_scope(const CellRecord& c, const UpgradeScope& s, const std::string& server) {
  return c.server == server && c.profile == s.profile;
}

std::vector<double> ok_tps(const results::RunResults& run, const UpgradeScope& s,
                           const std::string& server, const std::string& workload,
                           const std::string& engine, int threads) {
  std::vector<double> tps;
  for (const auto& c : run.cells)
    if (in_scope(c, s, server) && c.workload == workload && c.engine == engine &&
        c.threads == threads && c.status == CellStatus::ok)
      tps.push_back(c.tps);
  return tps;
}

std::vector<const CellRecord*> ok_cells(const results::RunResults& run, const UpgradeScope& s,
                                        const std::string& server, const WorkloadVerdict& w,
                                        int threads) {
  std::vector<const CellRecord*> out;
  for (const auto& c : run.cells)
    if (in_scope(c, s, server) && c.workload == w.workload && c.engine == w.engine &&
        c.threads == threads && c.status == CellStatus::ok)
      out.push_back(&c);
  return out;
}

// Workloads (with engine) and their thread counts, over the cells of both servers.
std::vector<WorkloadVerdict> workload_skeletons(const results::RunResults& run,
                                                const UpgradeScope& s) {
  std::vector<WorkloadVerdict> out;
  std::vector<std::set<int>> threads;
  for (const auto& c : run.cells) {
    if (!in_scope(c, s, s.from) && !in_scope(c, s, s.to)) continue;
    auto it = std::find_if(out.begin(), out.end(), [&](const WorkloadVerdict& w) {
      return w.workload == c.workload && w.engine == c.engine;
    });
    if (it == out.end()) {
      out.push_back({c.workload, c.engine, {}, {}});
      threads.emplace_back();
      it = out.end() - 1;
    }
    threads[static_cast<std::size_t>(it - out.begin())].insert(c.threads);
  }
  for (std::size_t i = 0; i < out.size(); ++i)
    for (int t : threads[i]) out[i].threads.push_back({t, {}, {}, {}, {}, {}, {}, {}, {}, {}});
  return out;
}

// The run's cells of `from` and `to` at these coordinates in its own comparison tables (TPS),
// and whether `from` is the tables' baseline column; none when the run has no single row
// there (a size sweep has one per size).
struct RunCells {
  const ComparisonCell* from = nullptr;
  const ComparisonCell* to = nullptr;
  bool from_is_baseline = false;
};

std::optional<RunCells> run_cells(const std::vector<ComparisonTable>& tables,
                                  const UpgradeScope& s, const WorkloadVerdict& w, int threads) {
  auto column = [&](const ComparisonTable& t, const std::string& server) {
    for (std::size_t i = 0; i < t.columns.size(); ++i)
      if (t.columns[i].server == server && t.columns[i].profile == s.profile) return i;
    return t.columns.size();
  };
  for (const ComparisonTable& t : tables) {
    if (t.workload != w.workload || t.engine != w.engine) continue;
    const std::size_t from = column(t, s.from), to = column(t, s.to);
    const auto rows = std::count_if(t.rows.begin(), t.rows.end(),
                                    [&](const ComparisonRow& r) { return r.threads == threads; });
    if (from == t.columns.size() || to == t.columns.size() || rows != 1) return std::nullopt;
    const auto row = std::find_if(t.rows.begin(), t.rows.end(),
                                  [&](const ComparisonRow& r) { return r.threads == threads; });
    return RunCells{&row->cells[from], &row->cells[to], from == 0};
  }
  return std::nullopt;
}

// The change of one thread count: the run's own verdict when `from` is its baseline (quoted:
// already adjusted over the run's family), else the run's estimator on the same cells.
results::RatioEstimate thread_change(const std::optional<RunCells>& cells,
                                     const std::vector<double>& from,
                                     const std::vector<double>& to, const results::RunInfo& info,
                                     bool& quoted) {
  quoted = cells && cells->from_is_baseline && cells->to->vs_baseline;
  if (quoted) return *cells->to->vs_baseline;
  if (cells) return compare_cells(*cells->from, *cells->to, info);
  return results::compare_means(from, to, 0.95, info.min_difference_pct / 100);
}

void measure_threads(const results::RunResults& run, const std::vector<ComparisonTable>& tables,
                     const UpgradeScope& s, WorkloadVerdict& w) {
  for (auto& t : w.threads) {
    const auto from = ok_tps(run, s, s.from, w.workload, w.engine, t.threads);
    const auto to = ok_tps(run, s, s.to, w.workload, w.engine, t.threads);
    t.from = results::summarize(from);
    t.to = results::summarize(to);
    t.change =
        thread_change(run_cells(tables, s, w, t.threads), from, to, run.info, t.quoted);
    t.from_errors = results::summarize_errors(ok_cells(run, s, s.from, w, t.threads));
    t.to_errors = results::summarize_errors(ok_cells(run, s, s.to, w, t.threads));
    if (t.change.verdict == Verdict::faster || t.change.verdict == Verdict::slower) {
      results::SideEvidence e = results::side_evidence(ok_cells(run, s, s.from, w, t.threads),
                                                       ok_cells(run, s, s.to, w, t.threads));
      t.statements = std::move(e.statements);
      t.counters = std::move(e.counters);
      t.only_from_counters = std::move(e.only_from);
      t.only_to_counters = std::move(e.only_to);
    }
  }
}

// Consecutive thread counts with the same verdict, as ranges.
std::vector<VerdictRange> group_ranges(const std::vector<ThreadVerdict>& threads) {
  std::vector<VerdictRange> ranges;
  std::vector<int> members;  // per range: how many thread counts, for the mean ratio
  for (const auto& t : threads) {
    if (ranges.empty() || ranges.back().verdict != t.change.verdict) {
      ranges.push_back({t.threads, t.threads, t.change.verdict, 0, t.change.ci});
      members.push_back(0);
    }
    VerdictRange& r = ranges.back();
    r.last_threads = t.threads;
    r.ratio += t.change.ratio;
    ++members.back();
    if (!t.change.ci)
      r.ci.reset();
    else if (r.ci)
      r.ci = results::Interval{std::min(r.ci->low, t.change.ci->low),
                               std::max(r.ci->high, t.change.ci->high)};
  }
  for (std::size_t i = 0; i < ranges.size(); ++i) ranges[i].ratio /= members[i];
  return ranges;
}

ServerHealth health_of(const results::RunResults& run, const UpgradeScope& s,
                       const std::string& server) {
  ServerHealth h{server, 0, 0, 0, 0, 0, 0, 0, 0, {}};
  for (const auto& c : run.cells) {
    if (!in_scope(c, s, server)) continue;
    ++h.cells;
    h.ok += c.status == CellStatus::ok;
    h.failed += c.status == CellStatus::failed;
    h.crashed += c.status == CellStatus::crashed;
    h.unresponsive += c.status == CellStatus::unresponsive;
    h.ignored_errors += c.counters.ignored_errors;
    h.reconnects += c.counters.reconnects;
    h.abandoned += c.counters.abandoned;
    if (c.status == CellStatus::ok) results::add_errors(h.errors, c);
  }
  return h;
}

// The first line of an error; when it announces more (ends in ':'), its last line too:
// "the server died under load; its error log ends: ... [ERROR] mariadbd got signal 11".
std::string error_summary(const std::string& error) {
  const std::string first = error.substr(0, error.find('\n'));
  if (first.empty() || first.back() != ':' || first.size() == error.size()) return first;
  std::string rest = error.substr(first.size());
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == ' ')) rest.pop_back();
  const std::string last = rest.substr(rest.rfind('\n') + 1);
  return last.empty() ? first : first + " ... " + last;
}

std::vector<CellTrouble> troubles_of(const results::RunResults& run, const UpgradeScope& s) {
  std::vector<CellTrouble> out;
  for (const auto& c : run.cells) {
    if ((!in_scope(c, s, s.from) && !in_scope(c, s, s.to)) || c.status == CellStatus::ok) continue;
    out.push_back(
        {c.server, c.workload, c.engine, c.threads, c.repeat, c.status, error_summary(c.error)});
  }
  return out;
}

bool has_cells(const results::RunResults& run, const std::string& server,
               const std::string& profile) {
  return std::any_of(run.cells.begin(), run.cells.end(), [&](const CellRecord& c) {
    return c.server == server && (profile.empty() || c.profile == profile);
  });
}

// The profiles to try, in plan order, then any only the cells name.
std::vector<std::string> candidate_profiles(const results::RunResults& run) {
  std::vector<std::string> out = run.info.profiles;
  for (const auto& c : run.cells)
    if (std::find(out.begin(), out.end(), c.profile) == out.end()) out.push_back(c.profile);
  return out;
}

}  // namespace

Expected<UpgradeScope> resolve_upgrade_scope(const results::RunResults& run,
                                             const std::string& from, const std::string& to,
                                             const std::string& profile) {
  for (const auto& server : {from, to})
    if (!has_cells(run, server, ""))
      return fail("server '" + server + "' has no cells in run " + run.info.run_id);
  UpgradeScope scope{from, to, profile, ""};
  if (scope.profile.empty())
    for (const auto& p : candidate_profiles(run))
      if (has_cells(run, from, p) && has_cells(run, to, p)) {
        scope.profile = p;
        break;
      }
  if (scope.profile.empty() || !has_cells(run, from, scope.profile) ||
      !has_cells(run, to, scope.profile))
    return fail("no profile" + (profile.empty() ? "" : " '" + profile + "'") +
                " with cells of both " + from + " and " + to);
  for (const auto& c : run.cells)
    if (c.server == from && c.profile == scope.profile) {
      scope.engine = c.engine;
      break;
    }
  return scope;
}

bool ignored_variable(const std::string& name, const std::string& from_value,
                      const std::string& to_value) {
  if (std::find(kIgnoredNames.begin(), kIgnoredNames.end(), name) != kIgnoredNames.end())
    return true;
  if (starts_with(name, "version") || name.find("timestamp") != std::string::npos) return true;
  if (gtid_position(name)) return true;
  return starts_with(from_value, "/") || starts_with(to_value, "/");
}

std::vector<VariableChange> diff_variables(const results::VariableMap& from,
                                           const results::VariableMap& to) {
  std::set<std::string> names;
  for (const auto& [name, value] : from) names.insert(name);
  for (const auto& [name, value] : to) names.insert(name);
  std::vector<VariableChange> out;
  for (const auto& name : names) {
    const auto f = from.find(name);
    const auto t = to.find(name);
    const std::string fv = f == from.end() ? "" : f->second, tv = t == to.end() ? "" : t->second;
    if (f != from.end() && t != to.end() && fv == tv) continue;
    if (ignored_variable(name, fv, tv)) continue;
    VariableChange change{name, std::nullopt, std::nullopt};
    if (f != from.end()) change.from = fv;
    if (t != to.end()) change.to = tv;
    out.push_back(std::move(change));
  }
  return out;
}

namespace {

// The plans recorded on `server`'s instance in the scope (its first data-size record with any).
std::vector<results::StatementPlan> instance_plans(const results::RunResults& run,
                                                  const UpgradeScope& scope,
                                                  const std::string& server) {
  for (const results::DataSizeRecord& d : run.data_sizes)
    if (d.server == server && d.profile == scope.profile && d.engine == scope.engine &&
        !d.plans.empty())
      return d.plans;
  return {};
}

std::optional<results::StatementPlan> plan_named(const std::vector<results::StatementPlan>& plans,
                                                 const std::string& statements,
                                                 const std::string& klass) {
  for (const results::StatementPlan& p : plans)
    if (p.statements == statements && p.statement_class == klass) return p;
  return std::nullopt;
}

// Each statement of the report's workloads with its plan on both sides.
std::vector<StatementPlanRow> plan_rows(const results::RunResults& run, const UpgradeReport& r) {
  std::vector<std::string> sent;  // whose statements the workloads send
  for (const WorkloadVerdict& w : r.workloads)
    sent.push_back(sysbench::statements_of_named(w.workload));
  const auto from = instance_plans(run, r.scope, r.scope.from);
  const auto to = instance_plans(run, r.scope, r.scope.to);
  std::vector<StatementPlanRow> rows;
  for (const auto* side : {&from, &to})
    for (const results::StatementPlan& p : *side) {
      if (std::find(sent.begin(), sent.end(), p.statements) == sent.end()) continue;
      const bool listed = std::any_of(rows.begin(), rows.end(), [&](const StatementPlanRow& row) {
        return row.statements == p.statements && row.statement_class == p.statement_class;
      });
      if (listed) continue;
      StatementPlanRow row{p.statements, p.statement_class,
                           plan_named(from, p.statements, p.statement_class),
                           plan_named(to, p.statements, p.statement_class), {}};
      if (row.from && row.to && row.from->error.empty() && row.to->error.empty())
        row.changes = results::plan_diff(row.from->shape, row.to->shape);
      rows.push_back(std::move(row));
    }
  return rows;
}

}  // namespace

UpgradeReport build_upgrade_report(const results::RunResults& run, const UpgradeScope& scope,
                                   const results::VariableMap* from_variables,
                                   const results::VariableMap* to_variables) {
  UpgradeReport r;
  r.scope = scope;
  r.info = run.info;
  r.workloads = workload_skeletons(run, scope);
  const std::vector<ComparisonTable> tables = build_comparison(run, config::Metric::tps);
  // The estimates not quoted from the run's tables are a family of their own.
  std::vector<results::RatioEstimate*> family;
  for (auto& w : r.workloads) {
    measure_threads(run, tables, scope, w);
    for (auto& t : w.threads)
      if (!t.quoted) family.push_back(&t.change);
  }
  r.adjustment = run_adjustment(run.info);
  results::adjust_family(family, r.adjustment);
  r.own_estimates = static_cast<int>(family.size());
  r.run_family_size = tables.empty() ? 0 : tables.front().family_size;
  r.estimate = tables.empty() ? results::Estimate::independent : tables.front().estimate;
  for (auto& w : r.workloads) w.ranges = group_ranges(w.threads);
  r.from_health = health_of(run, scope, scope.from);
  r.to_health = health_of(run, scope, scope.to);
  r.troubles = troubles_of(run, scope);
  r.have_variables = from_variables != nullptr && to_variables != nullptr;
  if (r.have_variables) {
    r.variables = diff_variables(*from_variables, *to_variables);
    r.settings = results::setting_differences(*from_variables, *to_variables);
  }
  r.plans = plan_rows(run, r);
  r.classes = class_verdict_blocks(tables, scope.from, scope.to, scope.profile);
  r.query_changes = results::query_changes_between(run, scope.from, scope.to, scope.profile);
  return r;
}

namespace {

std::vector<std::string> split_flags(const std::string& value) {
  std::vector<std::string> items;
  std::stringstream in(value);
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

bool is_flag_list(const std::vector<std::string>& items) {
  return items.size() > 1 && std::all_of(items.begin(), items.end(), [](const std::string& i) {
           return i.find('=') != std::string::npos;
         });
}

// The items of `a` that `b` lacks, comma-separated.
std::string missing_items(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::string out;
  for (const auto& item : a)
    if (std::find(b.begin(), b.end(), item) == b.end()) out += (out.empty() ? "" : ",") + item;
  return out;
}

}  // namespace

VariableChange shown_change(const VariableChange& v) {
  if (!v.from || !v.to) return v;
  const auto from = split_flags(*v.from), to = split_flags(*v.to);
  if (!is_flag_list(from) || !is_flag_list(to)) return v;
  return {v.name, "..." + missing_items(from, to), "..." + missing_items(to, from)};
}

VariableSplit split_variables(const std::vector<VariableChange>& changes) {
  VariableSplit split;
  for (const VariableChange& v : changes) {
    if (v.from && v.to)
      split.both.push_back(v);
    else
      (v.from ? split.only_from : split.only_to).push_back(v.name);
  }
  return split;
}

std::vector<std::string> upgrade_error_notes(const UpgradeReport& r, const WorkloadVerdict* w) {
  std::vector<std::string> lines;
  if (w == nullptr) {
    for (const ServerHealth* h : {&r.from_health, &r.to_health})
      if (retried_share_noted(h->errors)) lines.push_back(error_note(h->server, h->errors));
    return lines;
  }
  for (const ThreadVerdict& t : w->threads)
    if (auto line = error_change_note(threads_text(t.threads), r.scope.from, t.from_errors,
                                      r.scope.to, t.to_errors);
        !line.empty())
      lines.push_back(std::move(line));
  return lines;
}

}  // namespace versus::report
