#include "report/upgrade/upgrade_markdown.h"

#include <fmt/format.h>

#include <cmath>

#include "report/compare/compare_writer.h"
#include "report/notes/plan_notes.h"
#include "report/notes/settings_notes.h"
#include "report/run/class_verdict_table.h"
#include "report/run/run_markdown.h"
#include "report/shared/cell_text.h"
#include "report/upgrade/upgrade_query_changes.h"
#include "results/record/record_json.h"

namespace versus::report {

namespace {

using results::CellStatus;
using results::Verdict;

std::string pct(double ratio) {
  return fmt::format("{:.1f}%", std::abs(ratio - 1) * 100);
}
std::string signed_pct(double ratio) {
  return fmt::format("{:+.1f}%", (ratio - 1) * 100);
}

std::string threads_text(const VerdictRange& r) {
  if (r.first_threads == r.last_threads) return report::threads_text(r.first_threads);
  return fmt::format("{}-{} threads", r.first_threads, r.last_threads);
}

// The CI of the gain (faster) or of the loss (slower), as magnitudes.
std::string magnitude_ci(const VerdictRange& r) {
  if (!r.ci) return "[unbounded]";
  if (r.verdict == Verdict::slower) return "[" + pct(r.ci->high) + ", " + pct(r.ci->low) + "]";
  return "[" + pct(r.ci->low) + ", " + pct(r.ci->high) + "]";
}

}  // namespace

std::string range_text(const VerdictRange& r) {
  const std::string head = threads_text(r) + ": ";
  switch (r.verdict) {
    case Verdict::faster:
    case Verdict::slower:
      return head + pct(r.ratio) + " " +
             std::string(results::verdict_name(r.verdict, results::VerdictForm::words)) + " " +
             magnitude_ci(r);
    case Verdict::equivalent:
    case Verdict::undecided: {
      const std::string ci =
          r.ci ? "[" + signed_pct(r.ci->low) + ", " + signed_pct(r.ci->high) + "]" : "[unbounded]";
      return head + std::string(results::verdict_name(r.verdict, results::VerdictForm::words)) +
             ": " + signed_pct(r.ratio) + " " + ci;
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

std::string estimator_words(const UpgradeReport& r) {
  return fmt::format(
      "{}; faster/slower: significant and at least {:g}% apart; =: the interval inside "
      "+-{:g}%; undecided: neither",
      r.estimate == results::Estimate::paired
          ? "paired by round: the geometric mean of the rounds' ratios with its 95% CI"
          : "the ratio of the means of the ok runs with its 95% CI (Fieller, Welch t-test)",
      r.info.min_difference_pct, r.info.min_difference_pct);
}

}  // namespace

std::string estimate_legend(const UpgradeReport& r) {
  const std::string how = estimator_words(r);
  if (r.own_estimates == 0)
    return fmt::format("the run's own comparisons with its baseline {}, as comparison.md shows "
                       "them ({}; verdicts {})",
                       r.scope.from, how,
                       adjustment_text(r.adjustment, static_cast<std::size_t>(r.run_family_size)));
  return fmt::format("{} is not the run's baseline, so {} of these comparisons are made here as "
                     "the run makes its own ({}), their verdicts {} among themselves",
                     r.scope.from, r.own_estimates, how,
                     adjustment_text(r.adjustment, static_cast<std::size_t>(r.own_estimates)));
}

namespace {

void write_intro(std::ostream& out, const UpgradeReport& r) {
  const auto& s = r.scope;
  out << "# Upgrade report: " << markdown_escape(s.from) << " -> " << markdown_escape(s.to)
      << "\n\n"
      << "Run " << code(r.info.run_id) << " (" << markdown_escape(r.info.matrix_file)
      << ", started " << r.info.started_at << "), profile " << code(s.profile) << ".\n\n"
      << "TPS of " << markdown_escape(s.to) << " against " << markdown_escape(s.from)
      << " per thread count: " << markdown_escape(estimate_legend(r))
      << ". Consecutive thread counts with the same verdict form a range: "
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
        << results::verdict_name(t.change.verdict, results::VerdictForm::words) << " |\n";
}

// Per significant difference, the counters behind it (nothing for results without usage).
void write_counters(std::ostream& out, const WorkloadVerdict& w) {
  bool any = false;
  for (const auto& t : w.threads) {
    if (t.statements.empty() && t.counters.empty() && t.only_from_counters.empty() &&
        t.only_to_counters.empty())
      continue;
    if (!any) out << "Statements and counters that moved most per transaction (from -> to):\n\n";
    any = true;
    out << "- " << report::threads_text(t.threads) << " ("
        << results::verdict_name(t.change.verdict, results::VerdictForm::words) << "): "
        << markdown_escape(results::statements_first(
               t.statements, results::evidence_text(t.counters, "from", t.only_from_counters,
                                                    "to", t.only_to_counters)))
        << '\n';
  }
  if (any) out << '\n';
}

// Retried errors above 1% of the transactions (report/notes/error_notes.h), as a list.
void write_error_notes(std::ostream& out, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  out << "Retried errors above 1% of the transactions, by code:\n\n";
  for (const std::string& line : lines) out << "- " << markdown_escape(line) << '\n';
  out << '\n';
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
    write_counters(out, w);
    write_error_notes(out, upgrade_error_notes(r, &w));
  }
}

// "| statements | statement | FROM | TO | what differs |": each statement's plan per release.
void write_plans(std::ostream& out, const UpgradeReport& r) {
  out << "## Statement plans\n\n";
  if (r.plans.empty()) {
    out << "Not recorded (runs before versus recorded EXPLAIN after the load).\n\n";
    return;
  }
  out << "EXPLAIN of each statement after ANALYZE TABLE, with representative values, on the "
         "instances "
      << code(r.scope.from + "." + r.scope.profile + "." + r.scope.engine) << " and "
      << code(r.scope.to + "." + r.scope.profile + "." + r.scope.engine)
      << " (table access key rows):\n\n| statements | statement | " << markdown_escape(r.scope.from)
      << " | " << markdown_escape(r.scope.to) << " | what differs |\n|---|---|---|---|---|\n";
  auto side = [](const std::optional<results::StatementPlan>& p) {
    return p ? markdown_escape(plan_text(*p)) : std::string("(not recorded)");
  };
  for (const StatementPlanRow& row : r.plans) {
    std::string differs;
    for (const results::PlanChange& c : row.changes)
      differs += (differs.empty() ? "" : ", ") + plan_change_text(c);
    out << "| " << markdown_escape(row.statements) << " | " << markdown_escape(row.statement_class)
        << " | " << side(row.from) << " | " << side(row.to) << " | "
        << (differs.empty() ? "" : "**" + markdown_escape(differs) + "**") << " |\n";
  }
  out << '\n';
}

void write_health_row(std::ostream& out, const ServerHealth& h) {
  out << "| " << markdown_escape(h.server) << " | " << h.cells << " | " << h.ok << " | " << h.failed
      << " | " << h.crashed << " | " << h.unresponsive << " | " << h.ignored_errors << " | " << h.reconnects << " | "
      << h.abandoned << " |\n";
}

void write_health(std::ostream& out, const UpgradeReport& r) {
  out << "## Errors and crashes\n\n"
      << "| server | cells | ok | failed | crashed | unresponsive | ignored errors | reconnects | "
         "abandoned |\n"
      << "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  write_health_row(out, r.from_health);
  write_health_row(out, r.to_health);
  out << '\n';
  write_error_notes(out, upgrade_error_notes(r, nullptr));
  if (r.troubles.empty()) out << "Every cell of both servers ran to the end.\n\n";
  for (const auto& t : r.troubles)
    out << "- " << markdown_escape(t.server) << ", " << markdown_escape(t.workload) << ", "
        << markdown_escape(t.engine) << ", " << report::threads_text(t.threads) << ", repeat "
        << t.repeat + 1 << ": **" << results::status_name(t.status)
        << "**" << (t.error.empty() ? "" : ": " + markdown_escape(t.error)) << '\n';
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

// "Only in SERVER (N): a, b, c." for the variables one server has and the other lacks.
void write_only_in(std::ostream& out, const std::string& server,
                   const std::vector<std::string>& names) {
  if (names.empty()) return;
  out << "\nOnly in " << markdown_escape(server) << " (" << names.size() << "): ";
  for (std::size_t i = 0; i < names.size(); ++i)
    out << (i ? ", " : "") << markdown_escape(names[i]);
  out << ".\n";
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
  if (!r.settings.empty())
    out << "Settings known to move these workloads (docs/output.md, \"Settings that differ\"), "
        << markdown_escape(s.from)
        << " as the baseline: " << markdown_escape(settings_text(r.settings)) << ".\n\n";
  if (r.variables.empty()) {
    out << "None.\n";
    return;
  }
  const VariableSplit split = split_variables(r.variables);
  if (!split.both.empty())
    out << "| variable | " << markdown_escape(s.from) << " | " << markdown_escape(s.to)
        << " |\n|---|---|---|\n";
  bool shortened = false;
  for (const auto& change : split.both) {
    const VariableChange v = shown_change(change);
    shortened = shortened || v.from != change.from || v.to != change.to;
    out << "| " << markdown_escape(v.name) << " | " << value_text(v.from) << " | "
        << value_text(v.to) << " |\n";
  }
  if (shortened)
    out << "\nFlag lists (optimizer_switch and the like) show only the flags that differ, after "
           "\"...\".\n";
  write_only_in(out, s.from, split.only_from);
  write_only_in(out, s.to, split.only_to);
}

// "What makes the difference": each row's split in a sentence, then the table.
void write_upgrade_why(std::ostream& out, const UpgradeReport& r) {
  if (r.why.empty()) return;
  out << "## What makes the difference\n\n";
  for (const auto& e : r.why.splits) {
    for (const auto& row : e.rows)
      out << "- " << markdown_escape(explanation_sentence(e.design, row)) << '\n';
    out << '\n';
  }
  for (const auto& t : explanation_tables(r.why)) write_markdown_text_table(out, t);
  for (const auto& line : skipped_lines(r.why)) out << markdown_escape(line) << "\n\n";
}

}  // namespace

void write_upgrade_markdown(std::ostream& out, const UpgradeReport& r) {
  write_intro(out, r);
  write_verdicts(out, r);
  write_upgrade_why(out, r);
  write_upgrade_query_changes(out, r);
  write_class_verdicts_markdown(out, r.classes);
  write_plans(out, r);
  write_health(out, r);
  write_variables(out, r);
}

}  // namespace versus::report
