#include "report/upgrade_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>
#include <sstream>
#include <string_view>

#include "report/comparison.h"
#include "report/markdown_writer.h"
#include "report/regression_writer.h"

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
    for (int t : threads[i]) out[i].threads.push_back({t, {}, {}, {}});
  return out;
}

void measure_threads(const results::RunResults& run, const UpgradeScope& s, WorkloadVerdict& w) {
  for (auto& t : w.threads) {
    const auto from = ok_tps(run, s, s.from, w.workload, w.engine, t.threads);
    const auto to = ok_tps(run, s, s.to, w.workload, w.engine, t.threads);
    t.from = results::summarize(from);
    t.to = results::summarize(to);
    t.change = results::compare_means(from, to);
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
  ServerHealth h{server, 0, 0, 0, 0, 0, 0, 0};
  for (const auto& c : run.cells) {
    if (!in_scope(c, s, server)) continue;
    ++h.cells;
    h.ok += c.status == CellStatus::ok;
    h.failed += c.status == CellStatus::failed;
    h.crashed += c.status == CellStatus::crashed;
    h.ignored_errors += c.counters.ignored_errors;
    h.reconnects += c.counters.reconnects;
    h.abandoned += c.counters.abandoned;
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

std::vector<VariableChange> diff_variables(const VariableMap& from, const VariableMap& to) {
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

UpgradeReport build_upgrade_report(const results::RunResults& run, const UpgradeScope& scope,
                                   const VariableMap* from_variables,
                                   const VariableMap* to_variables) {
  UpgradeReport r;
  r.scope = scope;
  r.info = run.info;
  r.workloads = workload_skeletons(run, scope);
  std::vector<results::RatioEstimate*> family;  // every thread count of every workload
  for (auto& w : r.workloads) {
    measure_threads(run, scope, w);
    for (auto& t : w.threads) family.push_back(&t.change);
  }
  r.adjustment = run_adjustment(run.info);
  results::adjust_family(family, r.adjustment);
  for (auto& w : r.workloads) w.ranges = group_ranges(w.threads);
  r.from_health = health_of(run, scope, scope.from);
  r.to_health = health_of(run, scope, scope.to);
  r.troubles = troubles_of(run, scope);
  r.have_variables = from_variables != nullptr && to_variables != nullptr;
  if (r.have_variables) r.variables = diff_variables(*from_variables, *to_variables);
  return r;
}

// ----- Markdown -----

namespace {

std::string pct(double ratio) {
  return fmt::format("{:.1f}%", std::abs(ratio - 1) * 100);
}
std::string signed_pct(double ratio) {
  return fmt::format("{:+.1f}%", (ratio - 1) * 100);
}

std::string threads_text(const VerdictRange& r) {
  if (r.first_threads == r.last_threads)
    return fmt::format("{} thread{}", r.first_threads, r.first_threads == 1 ? "" : "s");
  return fmt::format("{}-{} threads", r.first_threads, r.last_threads);
}

// The CI of the gain (faster) or of the loss (slower), as magnitudes.
std::string magnitude_ci(const VerdictRange& r) {
  if (!r.ci) return "[unbounded]";
  if (r.verdict == Verdict::slower) return "[" + pct(r.ci->high) + ", " + pct(r.ci->low) + "]";
  return "[" + pct(r.ci->low) + ", " + pct(r.ci->high) + "]";
}

std::string verdict_word(Verdict v) {
  switch (v) {
    case Verdict::faster:
      return "faster";
    case Verdict::slower:
      return "slower";
    case Verdict::no_significant_difference:
      return "no difference";
    case Verdict::insufficient_data:
      return "insufficient data";
  }
  return "insufficient data";
}

}  // namespace

std::string range_text(const VerdictRange& r) {
  const std::string head = threads_text(r) + ": ";
  switch (r.verdict) {
    case Verdict::faster:
    case Verdict::slower:
      return head + pct(r.ratio) + " " + verdict_word(r.verdict) + " " + magnitude_ci(r);
    case Verdict::no_significant_difference: {
      const std::string ci =
          r.ci ? "[" + signed_pct(r.ci->low) + ", " + signed_pct(r.ci->high) + "]" : "[unbounded]";
      return head + "no significant difference (" + signed_pct(r.ratio) + " " + ci + ")";
    }
    case Verdict::insufficient_data:
      break;
  }
  return head + "insufficient data (fewer than 2 ok runs on a side)";
}

namespace {

std::string code(const std::string& s) {
  return "`" + s + "`";
}

std::size_t comparisons(const UpgradeReport& r) {
  std::size_t n = 0;
  for (const auto& w : r.workloads)
    for (const auto& t : w.threads) n += t.change.p_value.has_value();
  return n;
}

void write_intro(std::ostream& out, const UpgradeReport& r) {
  const auto& s = r.scope;
  out << "# Upgrade report: " << markdown_escape(s.from) << " -> " << markdown_escape(s.to)
      << "\n\n"
      << "Run " << code(r.info.run_id) << " (" << markdown_escape(r.info.matrix_file)
      << ", started " << r.info.started_at << "), profile " << code(s.profile) << ".\n\n"
      << "TPS of " << markdown_escape(s.to) << " against " << markdown_escape(s.from)
      << " per thread count: the ratio of the means of the ok runs with its 95% CI "
         "(Welch t-test; verdicts on p-values "
      << adjustment_text(r.adjustment, comparisons(r))
      << "). Consecutive thread counts with the same verdict form a range: "
         "its change is the mean of theirs, its interval the hull of their intervals.\n\n";
}

void write_threads_table(std::ostream& out, const UpgradeReport& r, const WorkloadVerdict& w) {
  out << "| threads | " << markdown_escape(r.scope.from) << " TPS | " << markdown_escape(r.scope.to)
      << " TPS | change | 95% CI | p | p adj | verdict "
         "|\n|---:|---:|---:|---:|---|---:|---:|---|\n";
  for (const auto& t : w.threads)
    out << "| " << t.threads << " | " << tps_summary_text(t.from) << " | " << tps_summary_text(t.to)
        << " | " << change_text(t.change) << " | " << change_ci_text(t.change) << " | "
        << p_value_text(t.change) << " | " << adjusted_p_text(t.change) << " | "
        << verdict_word(t.change.verdict) << " |\n";
}

void write_verdicts(std::ostream& out, const UpgradeReport& r) {
  out << "## Performance\n\n";
  if (r.workloads.empty()) out << "No cells of either server in this profile.\n\n";
  for (const auto& w : r.workloads) {
    out << "### " << markdown_escape(w.workload) << " (" << markdown_escape(w.engine) << ")\n\n";
    for (const auto& range : w.ranges) out << "- " << range_text(range) << '\n';
    out << '\n';
    write_threads_table(out, r, w);
    out << '\n';
  }
}

void write_health_row(std::ostream& out, const ServerHealth& h) {
  out << "| " << markdown_escape(h.server) << " | " << h.cells << " | " << h.ok << " | " << h.failed
      << " | " << h.crashed << " | " << h.ignored_errors << " | " << h.reconnects << " | "
      << h.abandoned << " |\n";
}

void write_health(std::ostream& out, const UpgradeReport& r) {
  out << "## Errors and crashes\n\n"
      << "| server | cells | ok | failed | crashed | ignored errors | reconnects | abandoned |\n"
      << "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  write_health_row(out, r.from_health);
  write_health_row(out, r.to_health);
  out << '\n';
  if (r.troubles.empty()) out << "Every cell of both servers ran to the end.\n\n";
  for (const auto& t : r.troubles)
    out << "- " << markdown_escape(t.server) << ", " << markdown_escape(t.workload) << ", "
        << markdown_escape(t.engine) << ", " << t.threads << " threads, repeat " << t.repeat + 1
        << ": **" << (t.status == CellStatus::crashed ? "crashed" : "failed") << "**"
        << (t.error.empty() ? "" : ": " + markdown_escape(t.error)) << '\n';
  if (!r.troubles.empty()) out << '\n';
}

// In a code span only "|" needs escaping (a table cell would end there).
std::string value_text(const std::optional<std::string>& v) {
  if (!v) return "(absent)";
  if (v->empty()) return "(empty)";
  std::string escaped;
  for (char c : *v) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return code(escaped);
}

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

// Flag lists (optimizer_switch: "a=on,b=off,...") are long: only the flags that differ
// are shown, after a leading "...".
VariableChange shown_change(const VariableChange& v) {
  if (!v.from || !v.to) return v;
  const auto from = split_flags(*v.from), to = split_flags(*v.to);
  if (!is_flag_list(from) || !is_flag_list(to)) return v;
  return {v.name, "..." + missing_items(from, to), "..." + missing_items(to, from)};
}

void write_variables(std::ostream& out, const UpgradeReport& r) {
  const auto& s = r.scope;
  out << "## Server variables that differ\n\n";
  if (!r.have_variables) {
    out << "Not captured: the run has no instances/<instance>/variables.json for both servers "
           "(runs before versus recorded them).\n";
    return;
  }
  out << "Effective global variables (SHOW GLOBAL VARIABLES) of the instances "
      << code(s.from + "." + s.profile + "." + s.engine) << " and "
      << code(s.to + "." + s.profile + "." + s.engine)
      << "; paths, ports, versions, identities, timestamps and GTID positions are left out.\n\n";
  if (r.variables.empty()) {
    out << "None.\n";
    return;
  }
  out << "| variable | " << markdown_escape(s.from) << " | " << markdown_escape(s.to)
      << " |\n|---|---|---|\n";
  bool shortened = false;
  for (const auto& change : r.variables) {
    const VariableChange v = shown_change(change);
    shortened = shortened || v.from != change.from || v.to != change.to;
    out << "| " << markdown_escape(v.name) << " | " << value_text(v.from) << " | "
        << value_text(v.to) << " |\n";
  }
  if (shortened)
    out << "\nFlag lists (optimizer_switch and the like) show only the flags that differ, after "
           "\"...\".\n";
}

}  // namespace

void write_upgrade_markdown(std::ostream& out, const UpgradeReport& r) {
  write_intro(out, r);
  write_verdicts(out, r);
  write_health(out, r);
  write_variables(out, r);
}

}  // namespace versus::report
