#include "report/history/history_trend.h"

namespace versus::report {

namespace {

CellKey key_of(const results::HistoryRow& r) {
  return {r.workload, r.engine,     r.threads,    r.server,   r.profile,
          r.tables,   r.table_size, r.definition, r.variant};
}

bool same_key(const CellKey& a, const CellKey& b) {
  return a.workload == b.workload && a.engine == b.engine && a.threads == b.threads &&
         a.server == b.server && a.profile == b.profile && a.tables == b.tables &&
         a.table_size == b.table_size && a.definition == b.definition && a.variant == b.variant;
}

// Adds one repeat to the point; the tps mean is finished by finish_point.
void add_repeat(TrendPoint& p, const results::HistoryRow& r) {
  if (p.server_version.empty()) p.server_version = r.server_version;
  if (p.transport.empty()) p.transport = r.transport;
  p.errors += r.errors;
  p.reconnects += r.reconnects;
  if (r.status == "ok") {
    p.tps = p.tps.value_or(0) + r.tps;
    p.repeat_tps.push_back(r.tps);
    if (r.nopm > 0) {
      p.nopm = p.nopm.value_or(0) + r.nopm;
      p.repeat_nopm.push_back(r.nopm);
    }
    ++p.ok;
  } else {
    (r.status == "crashed"        ? p.crashed
     : r.status == "unresponsive" ? p.unresponsive
                                  : p.failed)++;
  }
}

void finish_point(TrendPoint& p) {
  if (p.tps) *p.tps /= p.ok;
  if (p.ok >= 2) p.ci = results::summarize(p.repeat_tps).ci;
  if (p.nopm) *p.nopm /= static_cast<double>(p.repeat_nopm.size());
  if (p.repeat_nopm.size() >= 2) p.nopm_ci = results::summarize(p.repeat_nopm).ci;
}

// The window tests of one trend, over the points that have a tps, and where each value was.
struct TrendTests {
  std::vector<results::ChangePoint> tests;
  std::vector<std::size_t> where;  // point index of each value
};

TrendTests tests_of(const Trend& t, const results::ChangePointOptions& options) {
  std::vector<double> values;
  TrendTests out;
  for (std::size_t i = 0; i < t.points.size(); ++i)
    if (t.points[i].tps) {
      values.push_back(*t.points[i].tps);
      out.where.push_back(i);
    }
  out.tests = results::window_tests(values, options);
  return out;
}

// Every window test of every trend is one family; change points are mapped back to points.
void detect(std::vector<Trend>& trends, const results::ChangePointOptions& options) {
  std::vector<TrendTests> all;
  std::vector<double> p;
  for (const Trend& t : trends) {
    all.push_back(tests_of(t, options));
    for (const auto& test : all.back().tests) p.push_back(test.p_value);
  }
  const std::vector<double> adjusted = results::adjust_p_values(p, options.adjustment);
  std::size_t k = 0;
  for (std::size_t i = 0; i < trends.size(); ++i) {
    for (auto& test : all[i].tests) test.adjusted_p_value = adjusted[k++];
    for (const auto& cp : results::pick_change_points(all[i].tests, options))
      trends[i].changes.push_back({all[i].where[cp.index], cp});
  }
}

}  // namespace

std::vector<Trend> build_trends(const std::vector<results::HistoryRow>& rows,
                                const results::ChangePointOptions& options) {
  std::vector<Trend> trends;
  for (const auto& r : rows) {
    if (trends.empty() || !same_key(trends.back().key, key_of(r)))
      trends.push_back({key_of(r), {}, {}});
    auto& points = trends.back().points;
    if (points.empty() || points.back().run_id != r.run_id)
      points.push_back({r.run_id, r.started_at, "", "", 0, 0, 0, 0, std::nullopt, 0, 0, {}, {}, {},
                        {}, {}});
    add_repeat(points.back(), r);
  }
  for (auto& t : trends)
    for (auto& p : t.points) finish_point(p);
  detect(trends, options);
  return trends;
}

}  // namespace versus::report
