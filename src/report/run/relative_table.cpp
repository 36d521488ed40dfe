#include "report/run/relative_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/shared/cell_text.h"

namespace versus::report {
namespace {
bool relative_same_columns(const std::vector<Column>& a, const std::vector<Column>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].server != b[i].server || a[i].profile != b[i].profile) return false;
  return true;
}

// The rows of one comparison table (one per thread count), its cells after the baseline.
void add_relative_rows(const ComparisonTable& table, std::vector<RelativeRow>& out) {
  for (const ComparisonRow& row : table.rows) {
    RelativeRow r{table.workload, table.engine, row.threads, std::nullopt, {}};
    if (!row.cells.empty()) r.base_cost = row.cells.front().efficiency;
    for (std::size_t c = 1; c < row.cells.size(); ++c)
      r.cells.push_back({row.cells[c].vs_baseline, row.cells[c].efficiency,
                         cost_ratios(row.cells[c].efficiency, r.base_cost)});
    out.push_back(std::move(r));
  }
}

// Each column's geometric mean over the group's rows, and how many rows it holds.
void add_geomeans(RelativeGroup& g, std::size_t columns) {
  for (std::size_t c = 0; c < columns; ++c) {
    std::vector<double> ratios;
    for (const RelativeRow& r : g.rows)
      if (c < r.cells.size() && r.cells[c].vs_baseline && r.cells[c].vs_baseline->ratio > 0)
        ratios.push_back(r.cells[c].vs_baseline->ratio);
    g.geomean.push_back(geometric_mean(ratios));
    g.geomean_tests.push_back(static_cast<int>(ratios.size()));
  }
}

// The first table of a suite workload with columns to compare; none unless the run has a
// microbenchmark (a run of oltp_* mixes alone keeps its reports as they were).
const ComparisonTable* first_suite_table(const std::vector<ComparisonTable>& tables) {
  const bool micro = std::any_of(tables.begin(), tables.end(), [](const ComparisonTable& t) {
    const auto w = sysbench::workload_from_name(sysbench::without_after_writes(t.workload));
    return w && sysbench::is_micro(*w);
  });
  if (!micro) return nullptr;
  for (const ComparisonTable& t : tables) {
    const auto w = sysbench::workload_from_name(sysbench::without_after_writes(t.workload));
    if (w && sysbench::suite_group(*w) && t.columns.size() >= 2) return &t;
  }
  return nullptr;
}

// "0.93 [0.91, 0.95] slower"; "-" without an estimate, the interval left out when unbounded.
std::string relative_ratio_text(const std::optional<results::RatioEstimate>& r) {
  if (!r || !(r->ratio > 0)) return "-";
  std::string text = fmt::format("{:.2f}", r->ratio);
  if (r->ci) text += fmt::format(" [{:.2f}, {:.2f}]", r->ci->low, r->ci->high);
  return text + " " + std::string(results::verdict_name(r->verdict, results::VerdictForm::words)) +
         held_back_suffix(*r);
}

std::vector<std::string> relative_row_cells(const RelativeGroup& g, const RelativeRow& r) {
  std::vector<std::string> cells = {relative_group_name(g),
                                    fmt::format("{} ({}, t={})", r.workload, r.engine, r.threads),
                                    relative_cost_text(r.base_cost)};
  for (const RelativeCell& c : r.cells) {
    cells.push_back(relative_ratio_text(c.vs_baseline));
    cells.push_back(relative_ratios_text(c.cost_vs_baseline));
  }
  return cells;
}
}  // namespace

namespace {
// value / base, none when the base is below 0.01 of its unit (0.00 as the baseline's column
// shows it): a ratio to next to nothing (0.001 KB read per transaction) says nothing.
std::optional<double> ratio_to(double value, double base) {
  if (base < 0.01) return std::nullopt;
  return results::cost_ratio(value, base);
}
}  // namespace

std::optional<CostRatios> cost_ratios(const std::optional<results::Efficiency>& cost,
                                      const std::optional<results::Efficiency>& base) {
  if (!cost || !base) return std::nullopt;
  return CostRatios{ratio_to(cost->server_cpu_us, base->server_cpu_us),
                    ratio_to(cost->switches, base->switches),
                    cost->reads && base->reads ? ratio_to(*cost->reads, *base->reads)
                                               : std::nullopt,
                    ratio_to(cost->read_kb, base->read_kb),
                    ratio_to(cost->write_kb, base->write_kb)};
}

std::string relative_ratios_text(const std::optional<CostRatios>& r) {
  if (!r) return "";
  auto one = [](const std::optional<double>& v) {
    return v ? fmt::format("{:.2f}", *v) : std::string("-");
  };
  return fmt::format("{} / {} / {} / {} / {}", one(r->cpu), one(r->switches), one(r->reads),
                     one(r->read_kb), one(r->write_kb));
}

std::string relative_column_name(const Column& c) {
  return c.profile.empty() || c.profile == "default" ? c.server : c.server + "/" + c.profile;
}

std::string relative_cost_text(const std::optional<results::Efficiency>& e) {
  if (!e) return "";
  return fmt::format("{:.1f} / {:.1f} / {:.2f} / {} / {:.2f} / {:.2f}", e->server_cpu_us,
                     e->client_cpu_us, e->switches,
                     e->reads ? fmt::format("{:.2f}", *e->reads) : std::string("-"), e->read_kb,
                     e->write_kb);
}

TextTable relative_text_table(const RelativeTable& t) {
  TextTable out;
  out.title = "Relative to " + relative_column_name(t.baseline) +
              ": QPS ratio [95% interval] verdict; its cost per transaction: server CPU us / "
              "client CPU us / context switches / engine reads / KB read / KB written; the "
              "others' as ratios to it: cpu/o / cs/o / r/o / rKB/o / wKB/o (server CPU, "
              "switches, InnoDB read requests, KB read, KB written per operation)";
  out.header = {"group", "test", relative_column_name(t.baseline) + " cost"};
  for (const Column& c : t.columns) {
    out.header.push_back(relative_column_name(c));
    out.header.push_back(relative_column_name(c) + " cpu/o cs/o r/o rKB/o wKB/o");
  }
  out.left_column = 1;
  for (const RelativeGroup& g : t.groups) {
    for (const RelativeRow& r : g.rows) out.rows.push_back(relative_row_cells(g, r));
    std::vector<std::string> mean = {relative_group_name(g), "geometric mean", ""};
    for (std::size_t c = 0; c < g.geomean.size(); ++c) {
      const auto& m = g.geomean[c];
      mean.push_back((m ? fmt::format("{:.2f}", *m) : "-") + " (" + relative_tests_text(g, c) +
                     ")");
      mean.emplace_back();
    }
    out.rows.push_back(std::move(mean));
  }
  return out;
}

std::optional<double> geometric_mean(const std::vector<double>& ratios) {
  if (ratios.empty()) return std::nullopt;
  double sum = 0;
  for (double r : ratios) {
    if (!(r > 0)) return std::nullopt;
    sum += std::log(r);
  }
  return std::exp(sum / static_cast<double>(ratios.size()));
}

std::string relative_group_name(const RelativeGroup& g) {
  std::string name(sysbench::suite_group_name(g.group));
  if (g.after_writes) name += ", after writes";
  if (!g.engine.empty())
    name += fmt::format(", {}, {} thread{}", g.engine, g.threads, g.threads == 1 ? "" : "s");
  return name;
}

std::string relative_tests_text(const RelativeGroup& g, std::size_t c) {
  const int held = c < g.geomean_tests.size() ? g.geomean_tests[c] : 0;
  return fmt::format("{} of {} test{}", held, g.rows.size(), g.rows.size() == 1 ? "" : "s");
}

namespace {
// The rows of group `g` (its pass after the writes when `after_writes`), in suite order.
RelativeGroup relative_group(const std::vector<ComparisonTable>& tables,
                             const ComparisonTable& first, sysbench::SuiteGroup g,
                             bool after_writes) {
  RelativeGroup group{g, after_writes, {}, {}, 0, {}, {}};
  const std::string suffix(after_writes ? sysbench::kAfterWritesSuffix : "");
  for (sysbench::Workload w : sysbench::suite_workloads(sysbench::Suite::microbenchmarks)) {
    if (sysbench::suite_group(w) != g) continue;
    const std::string name = std::string(sysbench::workload_name(w)) + suffix;
    for (const ComparisonTable& t : tables)
      if (t.workload == name && t.rows_by == RowAxis::threads &&
          relative_same_columns(t.columns, first.columns))
        add_relative_rows(t, group.rows);
  }
  return group;
}
}  // namespace

namespace {
using Slice = std::pair<std::string, int>;  // engine, thread count

// Every group in suite order, then the read groups' second pass, with all their rows.
std::vector<RelativeGroup> pooled_groups(const std::vector<ComparisonTable>& tables,
                                         const ComparisonTable& first) {
  using sysbench::SuiteGroup;
  std::vector<RelativeGroup> out;
  for (bool after_writes : {false, true})
    for (SuiteGroup g :
         {SuiteGroup::point, SuiteGroup::range, SuiteGroup::aggregation, SuiteGroup::writes}) {
      if (after_writes && g == SuiteGroup::writes) continue;
      RelativeGroup group = relative_group(tables, first, g, after_writes);
      if (!group.rows.empty()) out.push_back(std::move(group));
    }
  return out;
}

// The engines and thread counts of the groups' rows, in order of appearance.
std::vector<Slice> slices_of(const std::vector<RelativeGroup>& groups) {
  std::vector<Slice> out;
  for (const RelativeGroup& g : groups)
    for (const RelativeRow& r : g.rows)
      if (std::find(out.begin(), out.end(), Slice{r.engine, r.threads}) == out.end())
        out.emplace_back(r.engine, r.threads);
  return out;
}
}  // namespace

std::optional<RelativeTable> relative_table(const std::vector<ComparisonTable>& tables) {
  const ComparisonTable* first = first_suite_table(tables);
  if (!first) return std::nullopt;
  RelativeTable out;
  out.baseline = first->columns.front();
  out.columns.assign(first->columns.begin() + 1, first->columns.end());
  const std::vector<RelativeGroup> pooled = pooled_groups(tables, *first);
  const std::vector<Slice> slices = slices_of(pooled);
  for (const Slice& s : slices)  // the published tables: one per engine and thread count
    for (const RelativeGroup& all : pooled) {
      RelativeGroup g{all.group, all.after_writes, {}, {}, 0, {}, {}};
      if (slices.size() > 1) g.engine = s.first, g.threads = s.second;
      for (const RelativeRow& r : all.rows)
        if (Slice{r.engine, r.threads} == s) g.rows.push_back(r);
      if (g.rows.empty()) continue;
      add_geomeans(g, out.columns.size());
      out.groups.push_back(std::move(g));
    }
  return out;
}

}  // namespace versus::report
