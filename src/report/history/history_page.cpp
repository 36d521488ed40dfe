#include "report/history/history_page.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <utility>

#include "report/history/history_writer.h"

namespace versus::report {

namespace {

namespace fs = std::filesystem;

// Characters a path keeps in an href; every other byte is %XX.
bool href_safe(unsigned char c) {
  return std::isalnum(c) || c == '/' || c == '.' || c == '-' || c == '_' || c == '~';
}

std::string url_escape(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (href_safe(c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// The indices of the trend's points that have a TPS: what the change points' tests counted.
std::vector<std::size_t> measured_points(const Trend& t) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < t.points.size(); ++i)
    if (t.points[i].tps) out.push_back(i);
  return out;
}

std::string version_before(const Trend& t, std::size_t point) {
  for (std::size_t i = point; i-- > 0;)
    if (t.points[i].tps) return t.points[i].server_version;
  return "";
}

// The mean per counter over `records`, a counter absent from a record counting 0 in it, over
// every name in `names`.
results::PerTransaction side_mean(const std::vector<const results::CellRunCounters*>& records,
                                  const std::set<std::string>& names) {
  results::PerTransaction out;
  for (const std::string& name : names) {
    double sum = 0;
    for (const auto* r : records) {
      const auto it = r->per_transaction.find(name);
      sum += it == r->per_transaction.end() ? 0 : it->second;
    }
    out[name] = sum / static_cast<double>(records.size());
  }
  return out;
}

// The records of the runs of points [from, to) of `measured`.
std::vector<const results::CellRunCounters*> side_records(
    const Trend& t, const std::vector<std::size_t>& measured, std::size_t from, std::size_t to,
    const std::vector<results::CellRunCounters>& counters) {
  std::set<std::string> run_ids;
  for (std::size_t k = from; k < to && k < measured.size(); ++k)
    run_ids.insert(t.points[measured[k]].run_id);
  std::vector<const results::CellRunCounters*> out;
  for (const auto& c : counters)
    if (run_ids.count(c.run_id)) out.push_back(&c);
  return out;
}

bool bigger_first(const RecentChange& a, const RecentChange& b) {
  const double x = std::fabs(a.change.detail.change), y = std::fabs(b.change.detail.change);
  if (x != y) return x > y;
  if (a.change.detail.adjusted_p_value != b.change.detail.adjusted_p_value)
    return a.change.detail.adjusted_p_value < b.change.detail.adjusted_p_value;
  return a.trend != b.trend ? a.trend < b.trend : a.change.point < b.change.point;
}

}  // namespace

std::vector<PageRun> page_runs(const std::vector<Trend>& trends) {
  std::set<std::pair<std::string, std::string>> seen;  // (started_at, run_id): sorted
  for (const Trend& t : trends)
    for (const TrendPoint& p : t.points) seen.insert({p.started_at, p.run_id});
  std::vector<PageRun> out;
  for (const auto& [started_at, run_id] : seen) out.push_back({run_id, started_at, ""});
  return out;
}

namespace {
// The retried errors' entries of a side's counters, those above 0.
results::PerTransaction retried_entries(const results::PerTransaction& counters) {
  results::PerTransaction out;
  for (const auto& [name, value] : counters)
    if (value > 0 &&
        (name == results::kRetriedErrors || name.rfind(results::kErrorCodePrefix, 0) == 0))
      out[name] = value;
  return out;
}
// The statement classes' ms per transaction among a side's counters (kStatementMsPrefix).
results::StatementMs statement_entries(const results::PerTransaction& counters) {
  results::StatementMs out;
  const std::string_view prefix = results::kStatementMsPrefix;
  for (const auto& [name, value] : counters)
    if (name.rfind(prefix, 0) == 0) out.emplace_back(name.substr(prefix.size()), value);
  return out;
}
}  // namespace

std::vector<RecentChange> recent_changes(const std::vector<Trend>& trends,
                                         const std::vector<PageRun>& runs,
                                         std::size_t recent_runs) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < runs.size(); ++i) index[runs[i].run_id] = i;
  const std::size_t first_recent = runs.size() > recent_runs ? runs.size() - recent_runs : 0;
  std::vector<RecentChange> out;
  for (std::size_t t = 0; t < trends.size(); ++t)
    for (const TrendChange& c : trends[t].changes) {
      const TrendPoint& p = trends[t].points[c.point];
      const std::size_t run = index.at(p.run_id);
      if (run < first_recent) continue;
      out.push_back(
          {t, c, run, version_before(trends[t], c.point), p.server_version, {}, false, {}, {}, {}});
    }
  std::stable_sort(out.begin(), out.end(), bigger_first);
  return out;
}

void attach_step_counters(RecentChange& change, const Trend& trend,
                          const std::vector<results::CellRunCounters>& counters,
                          std::size_t window) {
  const auto measured = measured_points(trend);
  const std::size_t at = change.change.detail.index;  // counts measured points only
  const auto before = side_records(trend, measured, at >= window ? at - window : 0, at, counters);
  const auto after = side_records(trend, measured, at, at + window, counters);
  change.counters_known = !before.empty() && !after.empty();
  if (!change.counters_known) return;
  std::set<std::string> names;
  for (const auto* side : {&before, &after})
    for (const auto* r : *side)
      for (const auto& entry : r->per_transaction) names.insert(entry.first);
  const auto from = side_mean(before, names), to = side_mean(after, names);
  change.counters = results::rank_changes(from, to);
  change.errors_before = retried_entries(from);
  change.errors_after = retried_entries(to);
  change.statements = results::rank_statements(statement_entries(from), statement_entries(to));
}

std::string report_href(const fs::path& history_file, const std::string& stored_run_dir,
                        const fs::path& page_file) {
  if (stored_run_dir.empty()) return "";
  const fs::path base = fs::absolute(history_file).parent_path();
  const fs::path report = (base / stored_run_dir / "report.html").lexically_normal();
  const fs::path page_dir = fs::absolute(page_file).parent_path().lexically_normal();
  const fs::path relative = report.lexically_relative(page_dir);
  return url_escape(relative.empty() ? report.generic_string() : relative.generic_string());
}

Expected<HistoryPage> build_history_page(std::vector<Trend> trends, const HistoryPageInputs& in,
                                         const CounterSource& counters) {
  HistoryPage page;
  page.title = "versus history: " + in.history_file.filename().string();
  page.titles = series_titles(trends);
  page.runs = page_runs(trends);
  for (PageRun& r : page.runs) {
    const auto dir = in.run_dirs.find(r.run_id);
    if (dir != in.run_dirs.end()) r.href = report_href(in.history_file, dir->second, in.page_file);
  }
  page.recent = recent_changes(trends, page.runs, in.recent_runs);
  std::map<std::size_t, std::vector<results::CellRunCounters>> read;  // per trend, read once
  for (RecentChange& c : page.recent) {
    if (!read.count(c.trend)) {
      auto stored = counters(trends[c.trend].key);
      if (!stored) return fail(stored.error().context("reading the counters"));
      read[c.trend] = std::move(*stored);
    }
    attach_step_counters(c, trends[c.trend], read[c.trend], in.options.window);
  }
  page.trends = std::move(trends);
  page.recent_runs = in.recent_runs;
  page.options = in.options;
  return page;
}

}  // namespace versus::report
