#include "report/run/relative_writers.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "report/html/html_page.h"
#include "report/run/run_csv.h"

namespace versus::report {
namespace {
using RelJson = nlohmann::json;

// "" or the value with 4 decimals.
std::string csv_number(const std::optional<double>& v) {
  return v ? fmt::format("{:.4f}", *v) : std::string();
}

// The six costs per transaction, "" each without usage figures (reads: without the counter).
std::string relative_cost_csv(const std::optional<results::Efficiency>& e) {
  if (!e) return ",,,,,";
  return fmt::format("{:.3f},{:.3f},{:.4f},{},{:.4f},{:.4f}", e->server_cpu_us, e->client_cpu_us,
                     e->switches, csv_number(e->reads), e->read_kb, e->write_kb);
}

// cpu/o, cs/o, r/o, rKB/o, wKB/o as ratios to the baseline, "" each where there is none.
std::string relative_ratios_csv(const std::optional<CostRatios>& r) {
  if (!r) return ",,,,";
  return fmt::format("{},{},{},{},{}", csv_number(r->cpu), csv_number(r->switches),
                     csv_number(r->reads), csv_number(r->read_kb), csv_number(r->write_kb));
}

std::string relative_estimate_csv(const std::optional<results::RatioEstimate>& r) {
  if (!r || !(r->ratio > 0)) return ",,,";
  std::string ci = r->ci ? fmt::format("{:.4f},{:.4f}", r->ci->low, r->ci->high) : ",";
  return fmt::format("{:.4f},{},{}", r->ratio, ci, results::verdict_name(r->verdict));
}

void write_relative_row_csv(std::ostream& out, const RelativeTable& t, const RelativeGroup& g,
                            const RelativeRow& r) {
  const std::string head = fmt::format("test,{},{},{},{},", csv_field(relative_group_name(g)),
                                       csv_field(r.workload), csv_field(r.engine), r.threads);
  out << head << csv_field(t.baseline.server) << ',' << csv_field(t.baseline.profile)
      << ",1.0000,,,baseline," << relative_cost_csv(r.base_cost) << ','
      << (r.base_cost ? std::string("1.0000,1.0000,") + (r.base_cost->reads ? "1.0000" : "") +
                            ",1.0000,1.0000"
                      : std::string(",,,,"))
      << '\n';
  for (std::size_t c = 0; c < r.cells.size() && c < t.columns.size(); ++c)
    out << head << csv_field(t.columns[c].server) << ',' << csv_field(t.columns[c].profile) << ','
        << relative_estimate_csv(r.cells[c].vs_baseline) << ','
        << relative_cost_csv(r.cells[c].cost) << ','
        << relative_ratios_csv(r.cells[c].cost_vs_baseline) << '\n';
}

RelJson relative_cost_json(const std::optional<results::Efficiency>& e) {
  if (!e) return nullptr;
  return {{"server_cpu_us", e->server_cpu_us},
          {"client_cpu_us", e->client_cpu_us},
          {"ctx_switches", e->switches},
          {"reads", e->reads ? RelJson(*e->reads) : RelJson(nullptr)},
          {"read_kb", e->read_kb},
          {"write_kb", e->write_kb}};
}

RelJson relative_ratios_json(const std::optional<CostRatios>& r) {
  if (!r) return nullptr;
  auto one = [](const std::optional<double>& v) { return v ? RelJson(*v) : RelJson(nullptr); };
  return {{"cpu_per_op", one(r->cpu)},
          {"ctx_switches_per_op", one(r->switches)},
          {"reads_per_op", one(r->reads)},
          {"read_kb_per_op", one(r->read_kb)},
          {"write_kb_per_op", one(r->write_kb)}};
}

RelJson relative_estimate_json(const std::optional<results::RatioEstimate>& r) {
  if (!r || !(r->ratio > 0)) return nullptr;
  RelJson out = {{"ratio", r->ratio}, {"verdict", results::verdict_name(r->verdict)}};
  out["ci"] = r->ci ? RelJson::array({r->ci->low, r->ci->high}) : RelJson(nullptr);
  return out;
}

RelJson relative_group_json(const RelativeGroup& g) {
  RelJson rows = RelJson::array();
  for (const RelativeRow& r : g.rows) {
    RelJson cells = RelJson::array();
    for (const RelativeCell& c : r.cells)
      cells.push_back({{"vs_baseline", relative_estimate_json(c.vs_baseline)},
                       {"cost", relative_cost_json(c.cost)},
                       {"cost_vs_baseline", relative_ratios_json(c.cost_vs_baseline)}});
    rows.push_back({{"workload", r.workload},
                    {"engine", r.engine},
                    {"threads", r.threads},
                    {"baseline_cost", relative_cost_json(r.base_cost)},
                    {"cells", cells}});
  }
  RelJson means = RelJson::array();
  for (const auto& m : g.geomean) means.push_back(m ? RelJson(*m) : RelJson(nullptr));
  return {{"group", relative_group_name(g)}, {"rows", rows}, {"geomean", means},
          {"geomean_tests", g.geomean_tests}, {"tests", g.rows.size()}};
}

bool relative_significant(const results::RatioEstimate& r) {
  return r.verdict == results::Verdict::faster || r.verdict == results::Verdict::slower;
}

bool relative_significant(const RelativeCell& c) {
  return c.vs_baseline && relative_significant(*c.vs_baseline);
}

// Pale ("unsure") unless the verdict is faster or slower: no significant difference, or too
// few runs for one (a single run's ratio coloured deep red read as a finding).
HtmlCell relative_ratio_html(const std::optional<results::RatioEstimate>& r) {
  if (!r || !(r->ratio > 0)) return {"-", "num"};
  std::string text = fmt::format("{:.2f}", r->ratio);
  if (r->ci) text += fmt::format(" [{:.2f}, {:.2f}]", r->ci->low, r->ci->high);
  return {html_escape(text), "num " + std::string(heat_class(r->ratio)) +
                                 (relative_significant(*r) ? "" : " unsure")};
}

// A row's cells; the group's first row opens it with a rule ("group").
std::vector<HtmlCell> relative_row_html(const RelativeGroup& g, const RelativeRow& r) {
  const bool first = &r == &g.rows.front();
  std::vector<HtmlCell> cells = {
      {html_escape(relative_group_name(g)), first ? "name group" : "name"},
      {html_escape(fmt::format("{} ({}, t={})", r.workload, r.engine, r.threads)), "name"},
      {html_escape(relative_cost_text(r.base_cost)), "num"}};
  for (const RelativeCell& c : r.cells) {
    cells.push_back(relative_ratio_html(c.vs_baseline));
    cells.push_back({html_escape(relative_ratios_text(c.cost_vs_baseline)), "num"});
  }
  return cells;
}

// The geometric mean has no interval of its own: pale unless every row of its column in the
// group differs significantly from the baseline.
std::vector<HtmlCell> relative_mean_html(const RelativeGroup& g) {
  std::vector<HtmlCell> cells = {{html_escape(relative_group_name(g)), "name mean"},
                                 {"geometric mean", "name mean"},
                                 {"", ""}};
  for (std::size_t c = 0; c < g.geomean.size(); ++c) {
    const bool sure = std::all_of(g.rows.begin(), g.rows.end(), [c](const RelativeRow& r) {
      return c < r.cells.size() && relative_significant(r.cells[c]);
    });
    const auto& m = g.geomean[c];
    cells.push_back(
        m ? HtmlCell{fmt::format("{:.2f} ({})", *m, relative_tests_text(g, c)),
                     "num mean " + std::string(heat_class(*m)) + (sure ? "" : " unsure")}
          : HtmlCell{"- (" + relative_tests_text(g, c) + ")", "num"});
    cells.push_back({"", ""});
  }
  return cells;
}
}  // namespace

std::string_view heat_class(double ratio) {
  static constexpr std::array<double, 6> kEdges = {0.8, 0.9, 0.97, 1.03, 1.11, 1.25};
  static constexpr std::array<std::string_view, 7> kNames = {
      "heat-n3", "heat-n2", "heat-n1", "heat-0", "heat-p1", "heat-p2", "heat-p3"};
  std::size_t i = 0;  // the edges the ratio is past: above a lower one, at or above an upper one
  for (std::size_t k = 0; k < kEdges.size(); ++k)
    if (k < 3 ? ratio > kEdges[k] : ratio >= kEdges[k]) i = k + 1;
  return kNames[i];
}

void write_relative_csv(std::ostream& out, const RelativeTable& t) {
  out << "kind,group,workload,engine,threads,server,profile,ratio,ci_low,ci_high,verdict,"
         "server_cpu_us,client_cpu_us,ctx_switches,reads,read_kb,write_kb,cpu_per_op_ratio,"
         "cs_per_op_ratio,r_per_op_ratio,rkb_per_op_ratio,wkb_per_op_ratio\n";
  for (const RelativeGroup& g : t.groups) {
    for (const RelativeRow& r : g.rows) write_relative_row_csv(out, t, g, r);
    for (std::size_t c = 0; c < g.geomean.size() && c < t.columns.size(); ++c)
      out << "geomean," << csv_field(relative_group_name(g)) << ",,,,"
          << csv_field(t.columns[c].server) << ',' << csv_field(t.columns[c].profile) << ','
          << (g.geomean[c] ? fmt::format("{:.4f}", *g.geomean[c]) : "") << ",,,"
          << csv_field(relative_tests_text(g, c)) << ",,,,,,,,,,,\n";
  }
}

RelJson relative_table_json(const RelativeTable& t) {
  RelJson columns = RelJson::array();
  for (const Column& c : t.columns)
    columns.push_back({{"server", c.server}, {"profile", c.profile}});
  RelJson groups = RelJson::array();
  for (const RelativeGroup& g : t.groups) groups.push_back(relative_group_json(g));
  return {{"baseline", {{"server", t.baseline.server}, {"profile", t.baseline.profile}}},
          {"columns", columns},
          {"groups", groups}};
}

std::string relative_table_html(const RelativeTable& t) {
  std::vector<std::string> header = {"group", "test", relative_column_name(t.baseline) + " cost"};
  for (const Column& c : t.columns) {
    header.push_back(relative_column_name(c) + " QPS ratio [95%]");
    header.push_back(relative_column_name(c) + " cpu/o cs/o r/o rKB/o wKB/o");
  }
  std::vector<std::vector<HtmlCell>> rows;
  for (const RelativeGroup& g : t.groups) {
    for (const RelativeRow& r : g.rows) rows.push_back(relative_row_html(g, r));
    rows.push_back(relative_mean_html(g));
  }
  return "<section id=\"relative\" class=\"table relative\"><h2>" +
         html_escape("Relative to " + relative_column_name(t.baseline)) + "</h2>\n<p>" +
         html_escape(
             "QPS of each test relative to the baseline with its 95% interval; red slower, "
             "green faster, the deeper the further from 1 (bands at 0.8, 0.9, 0.97, 1.03, 1.11, "
             "1.25); pale where the difference is not significant or the runs too few to say. The "
             "baseline's cost per transaction: server CPU us / client CPU us / context switches "
             "/ engine reads / KB read / KB written; each other column's as ratios to it: cpu/o "
             "/ cs/o / r/o / rKB/o / wKB/o (server CPU, context switches, InnoDB read requests, "
             "KB read, KB written per operation; - where the baseline's was 0.00).") +
         "</p>\n" + html_table(header, rows) + "</section>\n";
}

}  // namespace versus::report
