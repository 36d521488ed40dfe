#include "report/compare/compare_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "report/compare/compare_writer.h"
#include "report/html/html_chart.h"
#include "report/html/html_efficiency.h"
#include "report/html/html_page.h"
#include "report/shared/cell_text.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;

struct Group {  // one workload and engine: its thread counts and columns
  std::string workload, engine;
  std::vector<int> threads;
  std::vector<std::string> columns;  // server/profile of BASE
};

std::vector<Group> groups_of(const RegressionReport& r) {
  std::vector<Group> groups;
  for (const CellChange& c : r.matched) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.workload == c.key.workload && g.engine == c.key.engine;
    });
    if (it == groups.end())
      it = groups.insert(groups.end(), {c.key.workload, c.key.engine, {}, {}});
    if (std::find(it->threads.begin(), it->threads.end(), c.key.threads) == it->threads.end())
      it->threads.push_back(c.key.threads);
    if (std::find(it->columns.begin(), it->columns.end(), column_name(c.key)) == it->columns.end())
      it->columns.push_back(column_name(c.key));
  }
  for (Group& g : groups) std::sort(g.threads.begin(), g.threads.end());
  return groups;
}

const CellChange* find_change(const RegressionReport& r, const Group& g, const std::string& col,
                              int threads) {
  for (const CellChange& c : r.matched)
    if (c.key.workload == g.workload && c.key.engine == g.engine && column_name(c.key) == col &&
        c.key.threads == threads)
      return &c;
  return nullptr;
}

std::optional<double> opt(bool has, double v) {
  return has ? std::optional(v) : std::nullopt;
}

std::string outcome_mark(Outcome o) {
  return o == Outcome::regression ? "slower" : o == Outcome::improvement ? "faster" : "";
}

ChartSpec change_chart(const RegressionReport& r, const Group& g, std::size_t n,
                       ColourIndex& colours) {
  const double t = r.options.threshold_pct / 100;
  ChartSpec c{chart_id("change", n),
              g.workload + ", " + g.engine + ": TPS of NEW / BASE (95% CI)",
              "client threads",
              "TPS ratio NEW / BASE",
              {},
              false,
              1.0,
              ChartBand{1 - t, 1 + t, "within the threshold"},
              {}};
  for (int th : g.threads) c.categories.push_back(std::to_string(th));
  for (const std::string& col : g.columns) {
    ChartSeries s{col, colours.of(col)};
    for (int th : g.threads) {
      const CellChange* ch = find_change(r, g, col, th);
      const bool has = ch && ch->base.n > 0 && ch->now.n > 0;
      const auto* ci = has && ch->change.ci ? &*ch->change.ci : nullptr;
      s.values.push_back(opt(has, has ? ch->change.ratio : 0));
      s.ci_low.push_back(opt(ci, ci ? ci->low : 0));
      s.ci_high.push_back(opt(ci, ci ? ci->high : 0));
      s.marks.push_back(ch ? outcome_mark(ch->outcome) : "");
    }
    c.series.push_back(std::move(s));
  }
  return c;
}

// BASE dashed, NEW solid, per column.
ChartSpec tps_chart(const RegressionReport& r, const Group& g, std::size_t n,
                    ColourIndex& colours) {
  ChartSpec c{chart_id("runs", n),
              g.workload + ", " + g.engine + ": TPS of BASE (dashed) and NEW",
              "client threads",
              "transactions per second",
              {},
              true,
              {},
              {},
              {}};
  for (int th : g.threads) c.categories.push_back(std::to_string(th));
  for (const std::string& col : g.columns) {
    ChartSeries base{col + " BASE", colours.of(col), true}, now{col + " NEW", colours.of(col)};
    for (int th : g.threads) {
      const CellChange* ch = find_change(r, g, col, th);
      base.values.push_back(opt(ch && ch->base.n > 0, ch ? ch->base.mean : 0));
      now.values.push_back(opt(ch && ch->now.n > 0, ch ? ch->now.mean : 0));
    }
    c.series.push_back(std::move(base));
    c.series.push_back(std::move(now));
  }
  return c;
}

std::vector<ChartSpec> regression_charts(const RegressionReport& r) {
  ColourIndex colours;
  std::vector<ChartSpec> charts;
  const auto groups = groups_of(r);
  for (std::size_t i = 0; i < groups.size(); ++i) {
    charts.push_back(change_chart(r, groups[i], i, colours));
    charts.push_back(tps_chart(r, groups[i], i, colours));
  }
  return charts;
}

std::string run_line(const char* name, const results::RunInfo& info) {
  return fmt::format("<li><b>{}:</b> run {} ({}, started {}, versus {})</li>\n", name,
                     html_escape(info.run_id), html_escape(info.matrix_file),
                     html_escape(info.started_at), html_escape(info.versus_version));
}

std::string counts_html(const RegressionReport& r) {
  const std::string w = placement_warning(r);
  return (w.empty() ? "" : "<p class=\"warning\"><b>Warning:</b> " + html_escape(w) + "</p>\n") +
         fmt::format(
             "<p>A regression is a significant TPS loss (95% CI of NEW / BASE below 1) larger than "
             "{}%. <b>{} regressions</b>, {} improvements, {} unchanged, {} undecided, {} with too "
             "few runs, {} unmatched cells.{}</p>\n",
             r.options.threshold_pct, r.count(Outcome::regression), r.count(Outcome::improvement),
             r.count(Outcome::unchanged), r.count(Outcome::undecided),
             r.count(Outcome::insufficient_data), r.unmatched(),
             r.across_servers ? " Each run had one server: cells matched across servers." : "");
}

// The table's optional columns: a size where the matched cells differ in it, NOPM for TPC-C.
struct Optional {
  bool size = false, nopm = false;
};

std::vector<HtmlCell> change_row(const CellChange& c, Optional with) {
  const std::string cls = c.outcome == Outcome::regression    ? "regression"
                          : c.outcome == Outcome::improvement ? "improvement"
                                                              : "";
  const std::string result = c.outcome == Outcome::regression    ? "REGRESSION"
                             : c.outcome == Outcome::improvement ? "improvement"
                                                                 : "";
  std::vector<HtmlCell> row{{html_escape(c.key.workload), ""},
          {html_escape(c.key.engine), ""},
          {html_escape(column_name(c.key)), ""},
          {std::to_string(c.key.threads), "num"},
          {html_escape(tps_summary_text(c.base)), "num"},
          {html_escape(tps_summary_text(c.now)), "num"},
          {html_escape(change_text(c.change)), "num " + cls},
          {html_escape(change_ci_text(c.change)), "num"},
          {html_escape(p_value_text(c.change)), "num"},
          {html_escape(
               std::string(results::verdict_name(c.change.verdict, results::VerdictForm::words))),
           ""},
          {result, cls}};
  if (with.nopm)
    row.insert(row.begin() + 6, {{html_escape(nopm_summary_text(c.base_nopm)), "num"},
                                 {html_escape(nopm_summary_text(c.new_nopm)), "num"}});
  if (with.size) row.insert(row.begin() + 4, {html_escape(size_text(c.key)), ""});
  return row;
}

std::string unmatched_html(const char* title, const std::vector<CellKey>& keys) {
  if (keys.empty()) return "";
  std::string html = "<div class=\"warning\"><b>" + std::string(title) + "</b><ul>\n";
  for (const CellKey& k : keys)
    html += "<li>" +
            html_escape(fmt::format("{}, {}, {}, {}", k.workload, k.engine, column_name(k),
                                    threads_text(k.threads))) +
            "</li>\n";
  return html + "</ul></div>\n";
}

// Per significant difference with usage figures, the counters the model ranked for it.
std::string counters_section(const RegressionReport& r) {
  std::string html;
  for (const CellChange& c : r.matched)
    html += counters_html(
        fmt::format("{}, {}, {}, {} thread{}: {} ({})", c.key.workload, c.key.engine,
                    column_name(c.key), c.key.threads, c.key.threads == 1 ? "" : "s",
                    results::verdict_name(c.change.verdict, results::VerdictForm::words),
                    change_text(c.change)),
        c.counters, "BASE", "NEW");
  if (html.empty()) return "";
  return "<section id=\"counters\"><h2>Counters that moved most per transaction</h2>\n<p>" +
         html_escape(
             "For each significant difference: the server's counters (SHOW GLOBAL STATUS, "
             "INNODB_METRICS) and costs per transaction whose value moved most from BASE to NEW, "
             "largest change first; counters that only count time or identity left out.") +
         "</p>\n" + html + "</section>\n";
}

std::string regression_body(const RegressionReport& r, const std::vector<ChartSpec>& charts) {
  std::string html = "<section id=\"facts\"><ul class=\"facts\">\n" +
                     run_line("BASE", r.base_info) + run_line("NEW", r.new_info) + "</ul>\n" +
                     counts_html(r) +
                     "</section>\n<section><h2>Changes</h2>\n<div class=\"charts\">\n";
  for (const ChartSpec& c : charts) html += chart_slot(c.id);
  html += "</div>\n";
  const Optional with{sizes_differ(r), has_nopm(r)};
  std::vector<std::vector<HtmlCell>> rows;
  for (const CellChange& c : r.matched) rows.push_back(change_row(c, with));
  std::vector<std::string> header{"workload", "engine", "server/profile", "threads", "base TPS",
                                  "new TPS", "change", "95% CI", "p", "verdict", "result"};
  if (with.nopm) header.insert(header.begin() + 6, {"base NOPM", "new NOPM"});
  if (with.size) header.insert(header.begin() + 4, "size");
  html += html_table(header, rows) +
          (with.nopm ? "<p>" + html_escape(std::string(kNopmNote)) + ".</p>\n" : "");
  return html + html_titled_list("Retried errors", compare_error_notes(r)) +
         unmatched_html("Only in BASE", r.only_in_base) +
         unmatched_html("Only in NEW", r.only_in_new) + "</section>\n" + counters_section(r);
}

}  // namespace

Json regression_html_data(const RegressionReport& r) {
  return charts_data(regression_charts(r));
}

void write_regression_html(std::ostream& out, const RegressionReport& r) {
  const auto charts = regression_charts(r);
  write_html_page(out,
                  {"versus compare: " + r.base_info.run_id + " -> " + r.new_info.run_id,
                   regression_body(r, charts), charts_data(charts), r.new_info.versus_version});
}

}  // namespace versus::report
