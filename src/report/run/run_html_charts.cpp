#include "report/run/run_html_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "report/html/html_efficiency.h"

namespace versus::report {

namespace {

using results::CellRecord;

bool by_size(const ComparisonTable& t) {
  return t.rows_by == RowAxis::table_size;
}

// The x axis: the rows' thread counts, or their table sizes in a size table.
std::vector<std::string> row_categories(const ComparisonTable& table) {
  std::vector<std::string> out;
  for (const ComparisonRow& row : table.rows)
    out.push_back(std::to_string(by_size(table) ? row.table_size : row.threads));
  return out;
}

std::string x_title(const ComparisonTable& t) {
  return by_size(t) ? "rows per table" : "client threads";
}

bool in_cell(const CellRecord& c, const ComparisonTable& t, const ComparisonRow& row,
             const Column& col) {
  return c.workload == t.workload && c.engine == t.engine && c.threads == row.threads &&
         c.table_size == row.table_size && c.server == col.server && c.profile == col.profile;
}

// The mean p99 over the ok runs of a cell; none without one.
std::optional<double> mean_p99(const results::RunResults& r, const ComparisonTable& t,
                               const ComparisonRow& row, const Column& col) {
  double sum = 0;
  int n = 0;
  for (const CellRecord& c : r.cells)
    if (in_cell(c, t, row, col) && c.status == results::CellStatus::ok) {
      sum += c.latency.p99;
      ++n;
    }
  if (n == 0) return std::nullopt;
  return sum / n;
}

// The table's heading names the workload and engine; a chart's title says what it shows.
std::string title_of(const ComparisonTable&, const std::string& what) {
  return what;
}

// The figure the table shows (its metric), its short name and its axis title.
std::pair<std::string, std::string> metric_titles(config::Metric m) {
  switch (m) {
    case config::Metric::qps:
      return {"QPS", "queries per second"};
    case config::Metric::rw:
      return {"r/w requests/s", "read/write requests per second"};
    case config::Metric::p95:
      return {"p95 latency", "p95 latency (ms)"};
    case config::Metric::nopm:
      return {"NOPM", "New-Orders per minute"};
    case config::Metric::tps:
      break;
  }
  return {"TPS", "transactions per second"};
}

// The table's metric against its rows; 95% CI whiskers for TPS (the figure repeats summarize).
ChartSpec tps_chart(const ComparisonTable& t, std::size_t n, ColourIndex& colours) {
  const auto [name, axis] = metric_titles(t.metric);
  const bool tps = t.metric == config::Metric::tps;
  ChartSpec c{chart_id("tps", n),
              title_of(t, name + (by_size(t) ? " against table size" : " against client threads")),
              x_title(t),
              axis,
              row_categories(t),
              true,
              {},
              {},
              {}};
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    ChartSeries s{column_label(t.columns[i]), colours.of(column_label(t.columns[i]))};
    for (const ComparisonRow& row : t.rows) {
      const ComparisonCell& cell = row.cells[i];
      s.values.push_back(cell.runs > 0 ? std::optional(metric_value(cell, t.metric))
                                       : std::nullopt);
      const auto& ci = tps ? cell.tps_summary.ci : std::nullopt;
      s.ci_low.push_back(ci ? std::optional(ci->low) : std::nullopt);
      s.ci_high.push_back(ci ? std::optional(ci->high) : std::nullopt);
      s.marks.push_back(i == 0 ? "" : verdict_mark(cell, t.min_difference));
    }
    c.series.push_back(std::move(s));
  }
  return c;
}

ChartSpec ratio_chart(const ComparisonTable& t, std::size_t n, ColourIndex& colours) {
  const std::string base = column_label(t.columns.front());
  const std::string name = metric_titles(t.metric).first;
  // The CI and verdicts are of TPS: of NOPM's ratio too (a fixed share of the transactions).
  const bool tps = t.metric == config::Metric::tps || t.metric == config::Metric::nopm;
  ChartSpec c{chart_id("ratio", n),
              title_of(t, name + " ratio to " + base + (tps ? " (95% CI)" : "")),
              x_title(t),
              name + " ratio",  // the title names the baseline: a long axis title is cut on phones
              row_categories(t),
              false,
              1.0,
              ChartBand{1 - t.min_difference, 1 + t.min_difference,
                        "differences below min_difference are not called"},
              {}};
  for (std::size_t i = 1; i < t.columns.size(); ++i) {
    ChartSeries s{column_label(t.columns[i]), colours.of(column_label(t.columns[i]))};
    for (const ComparisonRow& row : t.rows) {
      const ComparisonCell& cell = row.cells[i];
      s.values.push_back(cell.ratio);
      const auto* ci =
          tps && cell.vs_baseline && cell.vs_baseline->ci ? &*cell.vs_baseline->ci : nullptr;
      s.ci_low.push_back(ci ? std::optional(ci->low) : std::nullopt);
      s.ci_high.push_back(ci ? std::optional(ci->high) : std::nullopt);
      s.marks.push_back(verdict_mark(cell, t.min_difference));
    }
    c.series.push_back(std::move(s));
  }
  return c;
}

ChartSpec latency_chart(const ComparisonTable& t, std::size_t n, const results::RunResults& r,
                        ColourIndex& colours) {
  ChartSpec c{chart_id("latency", n),
              title_of(t, "Latency: p95 (solid), p99 (dashed)"),
              x_title(t),
              "latency (ms)",
              row_categories(t),
              true,
              {},
              {},
              {}};
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const std::string label = column_label(t.columns[i]);
    ChartSeries p95{label + " p95", colours.of(label)},
        p99{label + " p99", colours.of(label), true};
    for (const ComparisonRow& row : t.rows) {
      const ComparisonCell& cell = row.cells[i];
      p95.values.push_back(cell.runs > 0 ? std::optional(cell.p95_ms) : std::nullopt);
      p99.values.push_back(mean_p99(r, t, row, t.columns[i]));
    }
    c.series.push_back(std::move(p95));
    c.series.push_back(std::move(p99));
  }
  return c;
}

// What a per-second chart shows of each second: its transactions, or its retried errors.
enum class PerSecond { transactions, errors };

double per_second_count(const measured::SecondSample& s, PerSecond what) {
  return static_cast<double>(what == PerSecond::errors ? s.errors : s.transactions);
}

// TPS (or retried errors) per second of every run of the row's cells; none when no run kept
// a series, and for errors when no second of any run had one.
std::optional<ChartSpec> series_chart(const ComparisonTable& t, std::size_t n,
                                      const ComparisonRow& row, const results::RunResults& r,
                                      ColourIndex& colours, PerSecond what) {
  const int threads = row.threads;
  const bool errors = what == PerSecond::errors;
  ChartSpec c{chart_id((errors ? "errors-" : "series-") + std::to_string(n),
                       static_cast<std::size_t>(threads)),
              title_of(t, std::to_string(threads) + " thread" + (threads == 1 ? "" : "s") +
                              (errors ? ": retried errors per second of each run"
                                      : ": TPS per second of each run, warmup excluded")),
              "second of the measured interval",
              errors ? "retried errors per second" : "transactions per second",
              {},
              true,
              {},
              {},
              {}};
  std::size_t longest = 0;
  bool any_error = false;
  const bool repeats = std::any_of(r.cells.begin(), r.cells.end(),
                                   [](const CellRecord& rec) { return rec.repeat > 0; });
  for (const Column& col : t.columns)
    for (const CellRecord& rec : r.cells) {
      if (!in_cell(rec, t, row, col) || rec.series.empty()) continue;
      const std::string label = column_label(col);
      ChartSeries s{repeats ? label + " #" + std::to_string(rec.repeat + 1) : label,
                    colours.of(label)};
      for (const measured::SecondSample& sample : rec.series) {
        any_error = any_error || sample.errors > 0;
        s.values.push_back(sample.seconds > 0
                               ? std::optional(per_second_count(sample, what) / sample.seconds)
                               : std::nullopt);
      }
      longest = std::max(longest, s.values.size());
      c.series.push_back(std::move(s));
    }
  if (c.series.empty() || (errors && !any_error)) return std::nullopt;
  for (std::size_t i = 1; i <= longest; ++i) c.categories.push_back(std::to_string(i));
  for (ChartSeries& s : c.series) s.values.resize(longest);
  return c;
}

// A chart reads up to this many statement classes; beyond it the classes that take least time
// (at most, over the columns) are summed into one "other" bar: TPC-C has about 40.
constexpr std::size_t kMaxStatementBars = 12;

// The row's statement classes in the workload's order, the ones beyond kMaxStatementBars
// (least time first) left out.
std::vector<std::string> charted_classes(const ComparisonRow& row) {
  std::vector<std::pair<std::string, double>> most;  // class, its largest ms over the columns
  for (const ComparisonCell& cell : row.cells)
    for (const auto& entry : cell.statement_ms) {  // not a structured binding: clang 14
      auto it = std::find_if(most.begin(), most.end(),  // cannot capture one in a lambda
                             [&](const auto& m) { return m.first == entry.first; });
      if (it == most.end()) most.push_back(entry);
      else it->second = std::max(it->second, entry.second);
    }
  std::vector<std::string> out;
  for (const auto& m : most) out.push_back(m.first);
  if (out.size() <= kMaxStatementBars) return out;
  std::vector<std::pair<std::string, double>> by_time = most;
  std::stable_sort(by_time.begin(), by_time.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  by_time.resize(kMaxStatementBars - 1);
  std::erase_if(out, [&](const std::string& name) {
    return std::none_of(by_time.begin(), by_time.end(), [&](const auto& m) { return m.first == name; });
  });
  return out;
}

// One column's bars: each charted class's ms per transaction, then the others' sum.
ChartSeries statement_series(const ComparisonCell& cell, const std::string& label,
                             const std::vector<std::string>& classes, bool other, ColourIndex& colours) {
  ChartSeries s{label, colours.of(label)};
  double rest = 0;
  for (const auto& [name, ms] : cell.statement_ms)
    if (std::find(classes.begin(), classes.end(), name) == classes.end()) rest += ms;
  for (const std::string& name : classes) {
    const auto& ms = cell.statement_ms;
    const auto it = std::find_if(ms.begin(), ms.end(), [&](const auto& e) { return e.first == name; });
    s.values.push_back(it == ms.end() ? std::nullopt : std::optional(it->second));
  }
  if (other) s.values.push_back(cell.statement_ms.empty() ? std::nullopt : std::optional(rest));
  return s;
}

// Each statement class's time per transaction at one row, side by side per column; none when
// no column of the row timed statements.
std::optional<ChartSpec> statement_chart(const ComparisonTable& t, std::size_t n,
                                         const ComparisonRow& row, ColourIndex& colours) {
  const int threads = row.threads;
  ChartSpec c{chart_id("statements-" + std::to_string(n), static_cast<std::size_t>(threads)),
              std::to_string(threads) + " thread" + (threads == 1 ? "" : "s") +
                  ": time per transaction by statement class",
              "statement class",
              "ms per transaction",
              {},
              true,
              {},
              {},
              {}};
  std::set<std::string> names;
  for (const ComparisonCell& cell : row.cells)
    for (const auto& entry : cell.statement_ms) names.insert(entry.first);
  const std::size_t all = names.size();
  const std::vector<std::string> classes = charted_classes(row);
  if (classes.empty()) return std::nullopt;
  c.categories = classes;
  const bool other = classes.size() < all;
  if (other) c.categories.push_back(fmt::format("other ({} classes)", all - classes.size()));
  c.bars = true;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    c.series.push_back(
        statement_series(row.cells[i], column_label(t.columns[i]), classes, other, colours));
  return c;
}

}  // namespace

std::string verdict_mark(const ComparisonCell& cell, double min_difference) {
  if (!cell.ratio || !cell.vs_baseline || std::abs(*cell.ratio - 1) < min_difference) return "";
  if (cell.vs_baseline->verdict == results::Verdict::faster) return "faster";
  if (cell.vs_baseline->verdict == results::Verdict::slower) return "slower";
  return "";
}

std::vector<ChartSpec> table_charts(const ComparisonTable& t, std::size_t n,
                                    const results::RunResults& r, ColourIndex& colours) {
  std::vector<ChartSpec> charts{tps_chart(t, n, colours)};
  if (t.columns.size() > 1) charts.push_back(ratio_chart(t, n, colours));
  if (auto cost = server_cpu_chart(t, n, colours)) charts.push_back(std::move(*cost));
  charts.push_back(latency_chart(t, n, r, colours));
  if (by_size(t)) return charts;  // the thread tables show each cell's series
  for (const ComparisonRow& row : t.rows) {
    if (auto c = statement_chart(t, n, row, colours)) charts.push_back(std::move(*c));
    for (PerSecond what : {PerSecond::transactions, PerSecond::errors})
      if (auto c = series_chart(t, n, row, r, colours, what)) charts.push_back(std::move(*c));
  }
  return charts;
}

std::optional<ChartSpec> probe_chart(const results::RunResults& r) {
  ChartSpec c{"probe",
              "Host CPU probe before each cell, in run order",
              "cell (run order)",
              "probe speed (M iterations/s)",
              {},
              true,
              {},
              {},
              {}};
  ChartSeries s{"host CPU probe", -1};
  bool any = false;
  for (std::size_t i = 0; i < r.cells.size(); ++i) {
    const double probe = r.cells[i].cpu_probe;
    any = any || probe > 0;
    c.categories.push_back(std::to_string(i + 1));
    s.values.push_back(probe > 0 ? std::optional(probe) : std::nullopt);
  }
  if (!any) return std::nullopt;
  c.series.push_back(std::move(s));
  return c;
}

}  // namespace versus::report
