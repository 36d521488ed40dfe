#include "report/run/run_html.h"

#include <fmt/format.h>

#include <map>
#include <sstream>

#include "report/html/html_efficiency.h"
#include "report/html/html_page.h"
#include "report/notes/error_notes.h"
#include "report/notes/evidence.h"
#include "report/notes/settings_notes.h"
#include "report/run/class_verdict_table.h"
#include "report/run/load_shape_text.h"
#include "report/run/query_changes_writers.h"
#include "report/run/relative_table.h"
#include "report/run/relative_writers.h"
#include "report/run/run_html_charts.h"
#include "report/run/run_html_data_size.h"
#include "report/run/tpcc_table.h"
#include "report/shared/cell_text.h"
#include "results/record/record_json.h"
#include "results/record/shard_union.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;
using results::CellRecord;
using results::CellStatus;

std::string li(const std::string& name, const std::string& value) {
  return "<li><b>" + html_escape(name) + ":</b> " + html_escape(value) + "</li>\n";
}

// Each server's own SELECT VERSION(), from its first record that has one.
std::map<std::string, std::string> server_versions(const results::RunResults& r) {
  std::map<std::string, std::string> out;
  for (const CellRecord& c : r.cells)
    if (!c.server_version.empty()) out.emplace(c.server, c.server_version);
  return out;
}

std::string facts_html(const results::RunResults& r) {
  const results::RunInfo& info = r.info;
  std::string html = "<section id=\"facts\"><ul class=\"facts\">\n";
  html += li("matrix", info.matrix_file) + li("started", info.started_at) +
          li("versus", info.versus_version);
  if (!info.server_host.empty())  // the servers ran on another host (docs/remote.md)
    html += li("servers on host " + info.server_host,
               info.server_address + ": " + results::host_text(info.server_machine));
  if (info.hosts.empty()) {
    if (const std::string m = machine_text(info.machine); !m.empty())
      html += li(info.server_host.empty() ? "machine" : "client machine", m);
  }
  for (const results::ShardHost& h : info.hosts)  // a merge of shards: each one's host
    html +=
        li(fmt::format("shard {}/{}", h.shard, info.shard.count), results::host_text(h.machine));
  html += li("min_difference", fmt::format("{}% (smaller TPS differences are never called)",
                                           info.min_difference_pct));
  const auto versions = server_versions(r);
  for (const std::string& server : r.info.servers)
    if (auto it = versions.find(server); it != versions.end())
      html += li("server " + server, it->second);
  return html + "</ul></section>\n";
}

std::vector<HtmlCell> table_row(const ComparisonTable& t, const ComparisonRow& row) {
  std::vector<HtmlCell> cells{{row_key_text(t, row), "num"}};
  for (std::size_t i = 0; i < row.cells.size(); ++i) {
    const ComparisonCell& cell = row.cells[i];
    const std::string missing = missing_text(cell);
    const std::string mark = i == 0 ? "" : verdict_mark(cell, t.min_difference);
    cells.push_back({html_escape(missing.empty() ? cell_line(cell, i > 0) : missing),
                     mark.empty() ? "num" : "num " + mark});
  }
  return cells;
}

// A titled list in a div of class `kind` ("warning", or "note" for plain evidence).
std::string titled_list(const std::string& title, const std::vector<std::string>& lines,
                        const char* kind = "warning") {
  return html_titled_list(title, lines, kind);
}

std::string table_html(const ComparisonTable& t, const std::vector<ChartSpec>& charts) {
  std::string html = "<section class=\"table\"><h2>" + html_escape(table_title(t)) + "</h2>\n<p>" +
                     html_escape(legend(t)) + ". " +
                     html_escape(load_shape_text(t.mix, t.distribution)) + ".</p>\n";
  std::vector<std::string> headers{row_axis_title(t)};
  for (const Column& c : t.columns) headers.push_back(column_label(c));
  std::vector<std::vector<HtmlCell>> rows;
  for (const ComparisonRow& row : t.rows) rows.push_back(table_row(t, row));
  html += html_table(headers, rows);
  if (has_partial(t)) html += "<p class=\"note\">" + html_escape(kPartialNote) + "</p>\n";
  if (has_statistics(t)) html += "<p class=\"note\">" + html_escape(statistics_note(t)) + "</p>\n";
  html += titled_list("Noisy cells", noise_warnings(t)) +
          titled_list("Host drift", probe_warnings(t)) +
          titled_list("Hung servers", abandoned_warnings(t)) +
          titled_list("Stalls", stall_warnings(t)) +
          titled_list("Undecided", undecided_notes(t)) +
          titled_list("Odd rounds", odd_round_notes(t)) +
          titled_list("Busy machine", interference_warnings(t)) +
          titled_list("Query plans", plan_warnings(t)) +
          titled_list("Settings that differ", settings_lines(t)) +
          titled_list("Retried errors", error_notes(t));
  html += efficiency_html(t) + class_verdicts_html(class_verdict_blocks(t)) +
          titled_list("Counters behind the differences", evidence_lines(t), "note") +
          "<div class=\"charts\">\n";
  for (const ChartSpec& c : charts) html += chart_slot(c.id);
  return html + "</div></section>\n";
}

std::string cell_name(const CellRecord& c) {
  return fmt::format("{}/{} {} {} {}, run {}", c.server, c.profile, c.workload, c.engine,
                     threads_text(c.threads), c.repeat + 1);
}

// Failed and crashed cells, each with its error (a crash's ends with its error log's tail).
std::string troubles_html(const results::RunResults& r) {
  std::string html;
  for (const CellRecord& c : r.cells) {
    if (c.status == CellStatus::ok) continue;
    const std::string what(results::status_name(c.status));
    html += html_details(
        cell_name(c) + ": " + what + (c.error_log.empty() ? "" : " (" + c.error_log + ")"),
        c.diagnosis.empty() ? c.error : c.error + "\n\n" + c.diagnosis);
  }
  if (html.empty()) return "";
  return "<section id=\"troubles\" class=\"warning\"><h2>Failed and crashed cells</h2>\n" + html +
         "</section>\n";
}

// The matrix file, then each column's my.cnf (of its first record).
std::string context_html(const results::RunResults& r, const ReportContext& context) {
  std::string html = "<section id=\"context\"><h2>Context</h2>\n";
  if (!context.matrix_text.empty())
    html += html_details("matrix file (" + r.info.matrix_file + ")", context.matrix_text);
  std::map<std::string, bool> shown;
  for (const CellRecord& c : r.cells) {
    const std::string key = c.server + "/" + c.profile + " (" + c.engine + ")";
    if (c.my_cnf.empty() || shown[key]) continue;
    shown[key] = true;
    html += html_details("my.cnf of " + key, c.my_cnf);
  }
  return html + "</section>\n";
}

}  // namespace

std::vector<std::vector<HtmlCell>> html_rows(const TextTable& t, std::size_t text_columns) {
  std::vector<std::vector<HtmlCell>> rows;
  for (const auto& line : t.rows) {
    std::vector<HtmlCell> cells;
    for (std::size_t i = 0; i < line.size(); ++i)
      cells.push_back({html_escape(line[i]), i < text_columns ? "" : "num"});
    rows.push_back(std::move(cells));
  }
  return rows;
}

namespace {

// The TPC-C tables (report/run/tpcc_table.h), each a section of its own.
std::string tpcc_html(const results::RunResults& r) {
  std::string html;
  for (const TextTable& t : tpcc_tables(r)) {
    const auto rows = html_rows(t, 2);
    html += "<section class=\"table tpcc\"><h2>" + html_escape(t.title) + "</h2>\n" +
            html_table(t.header, rows) + "</section>\n";
  }
  return html;
}

// The run's charts: per comparison table its charts, then (last) the data-size section's;
// the probe's; the why runs' waterfalls.
struct RunCharts {
  std::vector<std::vector<ChartSpec>> per_table;
  std::optional<ChartSpec> probe;
  std::vector<ChartSpec> why;
};

// "What makes the difference": each why run's table, its waterfalls, the columns not split.
std::string explanations_html(const Explanations& x, const std::vector<ChartSpec>& charts) {
  if (x.empty()) return "";
  std::string html = "<section id=\"why\"><h2>What makes the difference</h2>\n";
  html += explanation_tables_html(x);
  if (!charts.empty()) {
    html += "<div class=\"charts\">";
    for (const ChartSpec& c : charts) html += chart_slot(c.id);
    html += "</div>\n";
  }
  for (const auto& line : skipped_lines(x)) html += "<p class=\"note\">" + html_escape(line) + "</p>\n";
  return html + "</section>\n";
}

std::string body_html(const std::vector<ComparisonTable>& tables, const results::RunResults& r,
                      const RunCharts& charts, const ReportContext& context) {
  const auto& per_table = charts.per_table;
  const auto& probe = charts.probe;
  std::string html =
      facts_html(r) + troubles_html(r) + query_changes_html(run_query_changes_sections(r));
  for (std::size_t i = 0; i + 1 < per_table.size(); ++i)
    html += table_html(tables[i], per_table[i]);
  html += explanations_html(context.explanations, charts.why);
  if (auto relative = relative_table(tables)) html += relative_table_html(*relative);
  html += tpcc_html(r) + data_size_html(r, per_table.back());
  if (probe)
    html += "<section id=\"probe\"><h2>Host CPU across the run</h2>\n<p>" +
            html_escape(
                "Single-thread CPU speed measured before each cell: a drift here moves "
                "every figure measured meanwhile.") +
            "</p>\n<div class=\"charts\">" + chart_slot(probe->id) + "</div></section>\n";
  return html + context_html(r, context);
}

// Per comparison table its charts, then (last) the data-size section's charts.
std::vector<std::vector<ChartSpec>> charts_per_table(const std::vector<ComparisonTable>& tables,
                                                     const results::RunResults& r) {
  ColourIndex colours;
  for (const std::string& s : r.info.servers)
    for (const std::string& p : r.info.profiles) colours.of(s + "/" + p);
  std::vector<std::vector<ChartSpec>> out;
  for (std::size_t i = 0; i < tables.size(); ++i)
    out.push_back(table_charts(tables[i], i, r, colours));
  out.push_back(data_size_charts(r, colours));  // last: the data-size section's
  return out;
}

RunCharts run_charts(const std::vector<ComparisonTable>& tables, const results::RunResults& r,
                     const Explanations& explanations) {
  return {charts_per_table(tables, r), probe_chart(r), explanation_charts(explanations)};
}

Json data_of(const RunCharts& run) {
  std::vector<ChartSpec> charts;
  for (const auto& table : run.per_table) charts.insert(charts.end(), table.begin(), table.end());
  if (run.probe) charts.push_back(*run.probe);
  charts.insert(charts.end(), run.why.begin(), run.why.end());
  return charts_data(charts);
}

}  // namespace

std::string machine_text(const results::MachineFacts& m) {
  if (m.cpu_model.empty() && m.cores == 0 && m.kernel.empty()) return "";
  std::string text = fmt::format("{} ({} CPUs), {:.1f} GiB, {}", m.cpu_model, m.cores,
                                 static_cast<double>(m.memory_bytes) / (1 << 30), m.kernel);
  if (!m.governor.empty()) text += ", governor " + m.governor;
  return text;
}

Json run_report_data(const std::vector<ComparisonTable>& tables, const results::RunResults& r,
                     const Explanations& explanations) {
  return data_of(run_charts(tables, r, explanations));
}

void write_html_report(std::ostream& out, const std::vector<ComparisonTable>& tables,
                       const results::RunResults& r, const ReportContext& context) {
  const auto charts = run_charts(tables, r, context.explanations);
  write_html_page(out, {"versus run " + r.info.run_id, body_html(tables, r, charts, context),
                        data_of(charts), r.info.versus_version});
}

}  // namespace versus::report
