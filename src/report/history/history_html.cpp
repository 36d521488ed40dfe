#include "report/history/history_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "report/history/history_writer.h"
#include "report/html/html_chart.h"
#include "report/html/html_efficiency.h"
#include "report/html/html_page.h"
#include "report/notes/error_notes.h"
#include "report/shared/cell_text.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;
using RunIndex = std::map<std::string, std::size_t>;  // run_id -> index into page.runs

// 0.1 TPS is finer than any run repeats to; shorter numbers keep a year of nights small.
double rounded(double v) {
  const double step = std::fabs(v) >= 100 ? 10 : 1000;
  return std::round(v * step) / step;
}

std::optional<double> rounded(const std::optional<double>& v) {
  return v ? std::optional(rounded(*v)) : std::nullopt;
}

std::string series_anchor(std::size_t trend) {
  return "s-" + std::to_string(trend);
}

std::string change_label(const results::ChangePoint& c) {
  return fmt::format("{:+.1f}%", c.change * 100);
}

// Change points, then the points where server_version differs from the previous point's.
std::vector<Json> markers_of(const Trend& t) {
  std::vector<Json> out;
  for (const TrendChange& c : t.changes)
    out.push_back(Json{{"index", c.point}, {"kind", "change"}, {"label", change_label(c.detail)}});
  std::string last;
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const std::string& v = t.points[i].server_version;
    if (!last.empty() && !v.empty() && v != last)
      out.push_back(Json{{"index", i}, {"kind", "version"}, {"label", v}});
    if (!v.empty()) last = v;
  }
  return out;
}

Json history_chart(const HistoryPage& page, std::size_t i, const RunIndex& runs,
                   ColourIndex& colours) {
  const Trend& t = page.trends[i];
  // TPC-C's series plot NOPM (its change points are TPS's, which NOPM follows).
  const bool nopm = std::any_of(t.points.begin(), t.points.end(),
                                [](const TrendPoint& p) { return p.nopm.has_value(); });
  ChartSpec spec{chart_id("series", i),
                 page.titles[i],
                 "run (date)",
                 nopm ? "New-Orders per minute" : "transactions per second",
                 {},
                 false,
                 {},
                 {},
                 {}};
  ChartSeries s{nopm ? "NOPM" : "TPS", colours.of(column_name(t.key))};
  bool any_ci = false;
  for (const TrendPoint& p : t.points) {
    const auto& ci = nopm ? p.nopm_ci : p.ci;
    s.values.push_back(rounded(nopm ? p.nopm : p.tps));
    s.ci_low.push_back(ci ? std::optional(rounded(ci->low)) : std::nullopt);
    s.ci_high.push_back(ci ? std::optional(rounded(ci->high)) : std::nullopt);
    any_ci = any_ci || ci.has_value();
  }
  if (!any_ci) s.ci_low.clear(), s.ci_high.clear();
  spec.series.push_back(std::move(s));
  Json j = chart_to_json(spec);
  Json indices = Json::array();
  for (const TrendPoint& p : t.points) indices.push_back(runs.at(p.run_id));
  j["runs"] = std::move(indices);
  j["markers"] = markers_of(t);
  return j;
}

std::string run_link(const PageRun& r) {
  if (r.href.empty()) return html_escape(r.run_id);
  return "<a href=\"" + html_escape(r.href) + "\">" + html_escape(r.run_id) + "</a>";
}

std::string versions_text(const RecentChange& c) {
  if (c.version_before == c.version_after) return c.version_after.empty() ? "-" : c.version_after;
  return (c.version_before.empty() ? "-" : c.version_before) + " -> " + c.version_after;
}

std::vector<HtmlCell> recent_row(const HistoryPage& page, const RecentChange& c) {
  const auto& d = c.change.detail;
  const PageRun& run = page.runs[c.run];
  const std::string cls = d.change < 0 ? "num slower" : "num faster";
  return {
      {"<a href=\"#" + series_anchor(c.trend) + "\">" + html_escape(page.titles[c.trend]) + "</a>",
       ""},
      {html_escape(change_label(d)), cls},
      {html_escape(format_tps(d.before) + " -> " + format_tps(d.after)), "num"},
      {html_escape(history_p_text(d.adjusted_p_value)), "num"},
      {html_escape(run.started_at.substr(0, 10)), "num"},
      {run_link(run), ""},
      {html_escape(versions_text(c)), ""}};
}

std::string recent_counters(const HistoryPage& page) {
  std::string html;
  for (const RecentChange& c : page.recent) {
    const std::string caption = page.titles[c.trend] + ", " + page.runs[c.run].run_id + ": " +
                                change_label(c.change.detail);
    if (!c.statements.empty())
      html += "<p>" + html_escape(caption + ": statements: " +
                                  results::statement_changes_text(c.statements)) +
              "</p>\n";
    if (!c.counters_known)
      html += "<p class=\"note\">" + html_escape(caption) +
              ": no counters recorded on both sides of the step.</p>\n";
    else if (c.counters.empty())
      html += "<p class=\"note\">" + html_escape(caption) +
              ": no counter per transaction moved by 5% or more.</p>\n";
    else
      html += counters_html(caption, c.counters, "before", "after");
    if (const std::string note = history_error_note(caption, c.errors_before, c.errors_after);
        !note.empty())
      html += "<p class=\"warning\">" + html_escape(note) + "</p>\n";
  }
  return html;
}

std::string recent_section(const HistoryPage& page) {
  std::string html =
      "<section id=\"recent\"><h2>" +
      html_escape(fmt::format("What changed in the last {} runs", page.recent_runs)) + "</h2>\n";
  if (page.recent.empty())
    return html + "<p>No change point in the last " + std::to_string(page.recent_runs) +
           " runs.</p>\n</section>\n";
  std::vector<std::vector<HtmlCell>> rows;
  for (const RecentChange& c : page.recent) rows.push_back(recent_row(page, c));
  html += html_table(
      {"series", "change", "TPS before -> after", "adjusted p", "night", "run", "server version"},
      rows);
  html += "<p class=\"note\">" +
          html_escape(
              "Biggest step first. Before and after: the mean TPS of the runs the change point's "
              "test compared. Counters: per transaction, the mean over those runs' cells before "
              "and after the step, the ones that moved most first.") +
          "</p>\n";
  return html + recent_counters(page) + "</section>\n";
}

// A <select> of every distinct value of one coordinate, "all" first.
std::string select_html(const char* name, const char* label, const std::set<std::string>& values) {
  std::string html = "<label>" + std::string(label) + " <select data-filter=\"" + name +
                     "\"><option value=\"\">all</option>";
  for (const std::string& v : values) html += "<option>" + html_escape(v) + "</option>";
  return html + "</select></label>\n";
}

std::string size_of(const CellKey& k) {
  return k.table_size == 0 ? "not recorded" : fmt::format("{} x {}", k.tables, k.table_size);
}

// Hidden until the page's script runs (it filters); without scripts every series shows.
std::string filters_html(const HistoryPage& page) {
  std::set<std::string> workloads, engines, columns, threads, sizes;
  for (const Trend& t : page.trends) {
    workloads.insert(t.key.workload);
    engines.insert(t.key.engine);
    columns.insert(column_name(t.key));
    threads.insert(std::to_string(t.key.threads));
    sizes.insert(size_of(t.key));
  }
  return "<form class=\"filters\" hidden>\n" + select_html("workload", "workload", workloads) +
         select_html("engine", "engine", engines) +
         select_html("column", "server/profile", columns) +
         select_html("threads", "threads", threads) + select_html("size", "table size", sizes) +
         "<label><input type=\"checkbox\" data-filter=\"changed\"> only with a change "
         "point</label>\n<span class=\"shown\"></span></form>\n";
}

std::string series_div(const HistoryPage& page, std::size_t i) {
  const CellKey& k = page.trends[i].key;
  return fmt::format(
      "<div class=\"series\" id=\"{}\" data-workload=\"{}\" data-engine=\"{}\" "
      "data-column=\"{}\" data-threads=\"{}\" data-size=\"{}\" data-changed=\"{}\">{}</div>\n",
      series_anchor(i), html_escape(k.workload), html_escape(k.engine), html_escape(column_name(k)),
      k.threads, html_escape(size_of(k)), page.trends[i].changes.empty() ? "no" : "yes",
      chart_slot(chart_id("series", i)));
}

// One group per workload and engine (the trends are ordered by them).
std::string series_section(const HistoryPage& page) {
  std::string html = "<section id=\"series\"><h2>Series</h2>\n" + filters_html(page);
  for (std::size_t i = 0; i < page.trends.size(); ++i) {
    const CellKey& k = page.trends[i].key;
    const bool first = i == 0 || page.trends[i - 1].key.workload != k.workload ||
                       page.trends[i - 1].key.engine != k.engine;
    if (first && i > 0) html += "</div></div>\n";
    if (first)
      html += "<div class=\"group\"><h3>" + html_escape(k.workload + ", " + k.engine) +
              "</h3>\n<div class=\"charts\">\n";
    html += series_div(page, i);
  }
  if (!page.trends.empty()) html += "</div></div>\n";
  return html + "</section>\n";
}

std::string runs_section(const HistoryPage& page) {
  std::vector<std::vector<HtmlCell>> rows;
  for (std::size_t i = page.runs.size(); i-- > 0;)  // the latest first
    rows.push_back({{html_escape(page.runs[i].started_at), "num"}, {run_link(page.runs[i]), ""}});
  return "<section id=\"runs\"><h2>Runs</h2>\n" + html_table({"started (UTC)", "run"}, rows) +
         "</section>\n";
}

std::string facts_html(const HistoryPage& page) {
  std::size_t changes = 0;
  for (const Trend& t : page.trends) changes += t.changes.size();
  const auto& o = page.options;
  std::string html = "<section id=\"facts\"><ul class=\"facts\">\n";
  if (!page.runs.empty())
    html += "<li>" +
            html_escape(fmt::format("{} runs, {} to {}; the latest: {}", page.runs.size(),
                                    page.runs.front().started_at, page.runs.back().started_at,
                                    page.runs.back().run_id)) +
            "</li>\n";
  html += "<li>" +
          html_escape(fmt::format(
              "{} series, {} change point{}. A change point: {} runs on each side differ by "
              "Welch's t-test with adjusted p < {} ({} over every window test shown) and by at "
              "least {:.0f}%.",
              page.trends.size(), changes, changes == 1 ? "" : "s", o.window, o.max_p,
              results::adjustment_name(o.adjustment), o.min_change * 100)) +
          "</li>\n</ul></section>\n";
  return html;
}

}  // namespace

Json history_html_data(const HistoryPage& page) {
  RunIndex index;
  Json runs = Json::array();
  for (std::size_t i = 0; i < page.runs.size(); ++i) {
    index[page.runs[i].run_id] = i;
    runs.push_back(Json{{"id", page.runs[i].run_id},
                        {"date", page.runs[i].started_at.substr(0, 10)},
                        {"time", page.runs[i].started_at.substr(11, 5)},
                        {"href", page.runs[i].href}});
  }
  ColourIndex colours;
  Json charts = Json::array();
  for (std::size_t i = 0; i < page.trends.size(); ++i)
    charts.push_back(history_chart(page, i, index, colours));
  return Json{
      {"format", kHtmlDataFormat}, {"charts", std::move(charts)}, {"runs", std::move(runs)}};
}

void write_history_html(std::ostream& out, const HistoryPage& page,
                        const std::string& versus_version) {
  std::string body = facts_html(page) + recent_section(page);
  if (page.trends.empty()) body += "<p>No matching runs in the history.</p>\n";
  body += series_section(page) + runs_section(page);
  write_html_page(out, {page.title, body, history_html_data(page), versus_version});
}

}  // namespace versus::report
