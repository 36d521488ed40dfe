#include "report/upgrade/upgrade_html.h"

#include <fmt/format.h>

#include "report/compare/compare_writer.h"
#include "report/html/html_chart.h"
#include "report/html/html_efficiency.h"
#include "report/html/html_page.h"
#include "report/notes/plan_notes.h"
#include "report/notes/settings_notes.h"
#include "report/shared/cell_text.h"
#include "report/upgrade/upgrade_markdown.h"
#include "report/upgrade/upgrade_query_changes.h"
#include "results/record/record_json.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;

std::optional<double> opt(bool has, double v) {
  return has ? std::optional(v) : std::nullopt;
}

std::vector<std::string> categories(const WorkloadVerdict& w) {
  std::vector<std::string> out;
  for (const ThreadVerdict& t : w.threads) out.push_back(std::to_string(t.threads));
  return out;
}

ChartSeries summary_series(const std::string& label, int colour, const WorkloadVerdict& w,
                           bool to) {
  ChartSeries s{label, colour};
  for (const ThreadVerdict& t : w.threads) {
    const results::Summary& sum = to ? t.to : t.from;
    s.values.push_back(opt(sum.n > 0, sum.mean));
    s.ci_low.push_back(opt(sum.ci.has_value(), sum.ci ? sum.ci->low : 0));
    s.ci_high.push_back(opt(sum.ci.has_value(), sum.ci ? sum.ci->high : 0));
  }
  return s;
}

std::string mark_of(results::Verdict v) {
  return v == results::Verdict::faster ? "faster" : v == results::Verdict::slower ? "slower" : "";
}

std::vector<ChartSpec> workload_charts(const UpgradeReport& r, const WorkloadVerdict& w,
                                       std::size_t n) {
  const std::string title = w.workload + ", " + w.engine + ": ";
  ChartSpec tps{chart_id("upgrade-tps", n),
                title + "TPS against client threads (95% CI)",
                "client threads",
                "transactions per second",
                categories(w),
                true,
                {},
                {},
                {}};
  tps.series.push_back(summary_series(r.scope.from, 0, w, false));
  tps.series.push_back(summary_series(r.scope.to, 1, w, true));
  const double md = r.info.min_difference_pct / 100;
  ChartSpec ratio{chart_id("upgrade-ratio", n),
                  title + "TPS of " + r.scope.to + " / " + r.scope.from + " (95% CI)",
                  "client threads",
                  "TPS ratio",
                  categories(w),
                  false,
                  1.0,
                  ChartBand{1 - md, 1 + md, "differences below min_difference are not called"},
                  {}};
  ChartSeries s{r.scope.to + " / " + r.scope.from, 1};
  for (const ThreadVerdict& t : w.threads) {
    const bool has = t.from.n > 0 && t.to.n > 0;
    s.values.push_back(opt(has, t.change.ratio));
    s.ci_low.push_back(opt(has && t.change.ci, t.change.ci ? t.change.ci->low : 0));
    s.ci_high.push_back(opt(has && t.change.ci, t.change.ci ? t.change.ci->high : 0));
    s.marks.push_back(mark_of(t.change.verdict));
  }
  ratio.series.push_back(std::move(s));
  return {tps, ratio};
}

std::vector<ChartSpec> upgrade_charts(const UpgradeReport& r) {
  std::vector<ChartSpec> charts;
  for (std::size_t i = 0; i < r.workloads.size(); ++i)
    for (ChartSpec& c : workload_charts(r, r.workloads[i], i)) charts.push_back(std::move(c));
  for (ChartSpec& c : explanation_charts(r.why)) charts.push_back(std::move(c));  // last
  return charts;
}

// "What makes the difference": each row's split in a sentence, the table, the waterfalls.
std::string upgrade_why_html(const UpgradeReport& r, const std::vector<ChartSpec>& charts) {
  if (r.why.empty()) return "";
  std::string html = "<section id=\"why\"><h2>What makes the difference</h2>\n<ul>\n";
  for (const auto& e : r.why.splits)
    for (const auto& row : e.rows)
      html += "<li>" + html_escape(explanation_sentence(e.design, row)) + "</li>\n";
  html += "</ul>\n";
  html += explanation_tables_html(r.why);
  const std::size_t first = 2 * r.workloads.size();  // the waterfalls come last
  if (charts.size() > first) {
    html += "<div class=\"charts\">";
    for (std::size_t i = first; i < charts.size(); ++i) html += chart_slot(charts[i].id);
    html += "</div>\n";
  }
  for (const auto& line : skipped_lines(r.why)) html += "<p class=\"note\">" + html_escape(line) + "</p>\n";
  return html + "</section>\n";
}

std::string threads_table(const UpgradeReport& r, const WorkloadVerdict& w) {
  std::vector<std::vector<HtmlCell>> rows;
  for (const ThreadVerdict& t : w.threads) {
    const std::string mark = mark_of(t.change.verdict);
    rows.push_back({{std::to_string(t.threads), "num"},
                    {html_escape(tps_summary_text(t.from)), "num"},
                    {html_escape(tps_summary_text(t.to)), "num"},
                    {html_escape(change_text(t.change)), mark.empty() ? "num" : "num " + mark},
                    {html_escape(change_ci_text(t.change)), "num"},
                    {html_escape(p_value_text(t.change)), "num"},
                    {html_escape(std::string(
                         results::verdict_name(t.change.verdict, results::VerdictForm::words))),
                     ""}});
  }
  return html_table(
      {"threads", r.scope.from + " TPS", r.scope.to + " TPS", "change", "95% CI", "p", "verdict"},
      rows);
}

// Per significant difference: the statement classes whose time per transaction moved most,
// then the counters the model ranked for it (with usage figures).
std::string counters_of(const UpgradeReport& r, const WorkloadVerdict& w) {
  std::string html;
  for (const ThreadVerdict& t : w.threads) {
    if (!t.statements.empty())
      html += "<p class=\"statements\">" +
              html_escape(fmt::format("{} thread{}: {}", t.threads, t.threads == 1 ? "" : "s",
                                      results::statement_changes_text(t.statements))) +
              "</p>\n";
    html += counters_html(
        fmt::format("{} thread{}: {} ({})", t.threads, t.threads == 1 ? "" : "s",
                    results::verdict_name(t.change.verdict, results::VerdictForm::words),
                    change_text(t.change)),
        t.counters, r.scope.from, r.scope.to);
  }
  if (html.empty()) return "";
  return "<p>" +
         html_escape("Statements and counters that moved most per transaction (" + r.scope.from + " -> " +
                     r.scope.to + "), for each significant difference:") +
         "</p>\n" + html;
}

std::string workload_html(const UpgradeReport& r, const WorkloadVerdict& w,
                          const std::vector<ChartSpec>& charts) {
  std::string html =
      "<section><h2>" + html_escape(w.workload + " (" + w.engine + ")") + "</h2>\n<ul>\n";
  for (const VerdictRange& range : w.ranges)
    html += "<li>" + html_escape(range_text(range)) + "</li>\n";
  html += "</ul>\n<div class=\"charts\">\n";
  for (const ChartSpec& c : charts) html += chart_slot(c.id);
  return html + "</div>\n" + threads_table(r, w) + counters_of(r, w) +
         html_titled_list("Retried errors", upgrade_error_notes(r, &w)) + "</section>\n";
}

std::vector<HtmlCell> health_row(const ServerHealth& h) {
  auto num = [](auto v) { return HtmlCell{std::to_string(v), "num"}; };
  return {{html_escape(h.server), ""},
          num(h.cells),
          num(h.ok),
          num(h.failed),
          num(h.crashed),
          num(h.unresponsive),
          num(h.ignored_errors),
          num(h.reconnects),
          num(h.abandoned)};
}

std::string health_html(const UpgradeReport& r) {
  std::string html = "<section><h2>Errors and crashes</h2>\n" +
                     html_table({"server", "cells", "ok", "failed", "crashed", "unresponsive", "ignored errors",
                                 "reconnects", "abandoned"},
                                {health_row(r.from_health), health_row(r.to_health)});
  html += html_titled_list("Retried errors", upgrade_error_notes(r, nullptr));
  if (r.troubles.empty()) html += "<p>Every cell of both servers ran to the end.</p>\n";
  for (const CellTrouble& t : r.troubles)
    html +=
        html_details(fmt::format("{}, {}, {}, {}, repeat {}: {}", t.server, t.workload, t.engine,
                                 threads_text(t.threads), t.repeat + 1,
                                 results::status_name(t.status)),
                     t.error);
  return html + "</section>\n";
}

// Each statement's plan per release, what differs in bold; none when no plans were recorded.
std::string plans_html(const UpgradeReport& r) {
  if (r.plans.empty()) return "";
  auto side = [](const std::optional<results::StatementPlan>& p) {
    return html_escape(p ? plan_text(*p) : std::string("(not recorded)"));
  };
  std::vector<std::vector<HtmlCell>> rows;
  for (const StatementPlanRow& row : r.plans) {
    std::string differs;
    for (const results::PlanChange& c : row.changes)
      differs += (differs.empty() ? "" : ", ") + plan_change_text(c);
    rows.push_back({{html_escape(row.statements), ""},
                    {html_escape(row.statement_class), ""},
                    {side(row.from), ""},
                    {side(row.to), ""},
                    {differs.empty() ? "" : "<b>" + html_escape(differs) + "</b>", ""}});
  }
  return "<section><h2>Statement plans</h2>\n<p>EXPLAIN of each statement after ANALYZE TABLE, "
         "with representative values (table access key rows).</p>\n" +
         html_table({"statements", "statement", r.scope.from, r.scope.to, "what differs"}, rows) +
         "</section>\n";
}

std::string variables_html(const UpgradeReport& r) {
  std::string html = "<section><h2>Server variables that differ</h2>\n";
  if (!r.have_variables)
    return html +
           "<p>Not captured: the run has no variables.json for both instances.</p></section>\n";
  const VariableSplit split = split_variables(r.variables);
  std::vector<std::vector<HtmlCell>> rows;
  for (const VariableChange& change : split.both) {
    const VariableChange v = shown_change(change);  // flag lists: only the flags that differ
    rows.push_back({{html_escape(v.name), ""},
                    {html_escape(v.from.value_or("(absent)")), ""},
                    {html_escape(v.to.value_or("(absent)")), ""}});
  }
  if (!r.settings.empty())
    html += "<p>" +
            html_escape("Settings known to move these workloads, " + r.scope.from +
                        " as the baseline: " + settings_text(r.settings) + ".") +
            "</p>\n";
  if (r.variables.empty()) return html + "<p>None.</p></section>\n";
  if (!rows.empty()) html += html_table({"variable", r.scope.from, r.scope.to}, rows);
  for (const auto& [server, names] :
       {std::pair{&r.scope.from, &split.only_from}, std::pair{&r.scope.to, &split.only_to}}) {
    if (names->empty()) continue;
    std::string list;
    for (const auto& n : *names) list += (list.empty() ? "" : ", ") + n;
    html += "<p>" + html_escape(fmt::format("Only in {} ({}): {}.", *server, names->size(), list)) +
            "</p>\n";
  }
  return html + "</section>\n";
}

std::string upgrade_body(const UpgradeReport& r, const std::vector<ChartSpec>& charts) {
  std::string html =
      "<section id=\"facts\"><p>" +
      html_escape(fmt::format("Run {} ({}, started {}), profile {}, engine {}. TPS "
                              "of {} against {} per thread count: {}.",
                              r.info.run_id, r.info.matrix_file, r.info.started_at, r.scope.profile,
                              r.scope.engine, r.scope.to, r.scope.from, estimate_legend(r))) +
      "</p></section>\n";
  if (r.workloads.empty()) html += "<p>No cells of either server in this profile.</p>\n";
  for (std::size_t i = 0; i < r.workloads.size(); ++i)
    html += workload_html(r, r.workloads[i],
                          {charts.begin() + static_cast<std::ptrdiff_t>(2 * i),
                           charts.begin() + static_cast<std::ptrdiff_t>(2 * i + 2)});
  return html + upgrade_why_html(r, charts) + upgrade_query_changes_html(r) +
         class_verdicts_html(r.classes) + plans_html(r) +
         health_html(r) + variables_html(r);
}

}  // namespace

Json upgrade_html_data(const UpgradeReport& r) {
  return charts_data(upgrade_charts(r));
}

void write_upgrade_html(std::ostream& out, const UpgradeReport& r) {
  const auto charts = upgrade_charts(r);
  write_html_page(out, {"Upgrade report: " + r.scope.from + " -> " + r.scope.to,
                        upgrade_body(r, charts), charts_data(charts), r.info.versus_version});
}

}  // namespace versus::report
