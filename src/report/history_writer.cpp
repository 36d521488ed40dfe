#include "report/history_writer.h"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "report/cell_text.h"
#include "report/markdown_writer.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;

std::string title(const Trend& t) {
  return fmt::format("{}, {}, {}/{}, {} thread{}", t.key.workload, t.key.engine, t.key.server,
                     t.key.profile, t.key.threads, t.key.threads == 1 ? "" : "s");
}

std::string counts(const Trend& t) {
  const auto n = t.changes.size();
  return fmt::format("{} run{}, {} change point{}", t.points.size(),
                     t.points.size() == 1 ? "" : "s", n, n == 1 ? "" : "s");
}

std::string date_of(const TrendPoint& p) {
  return p.started_at.substr(0, 10);
}

std::string tps_of(const TrendPoint& p) {
  if (p.tps) return format_tps(*p.tps);
  return p.crashed > 0 ? "crashed" : "failed";
}

std::string p_text(double p) {
  return p < 0.001 ? "p <0.001" : fmt::format("p={:.3f}", p);
}

// "-10.2% (3001.7 -> 2695.5, p <0.001, adjusted p=0.004)"
std::string change_text(const results::ChangePoint& c) {
  return fmt::format("{:+.1f}% ({} -> {}, {}, adjusted {})", c.change * 100, format_tps(c.before),
                     format_tps(c.after), p_text(c.p_value), p_text(c.adjusted_p_value));
}

// The change starting at point i, if any.
std::optional<results::ChangePoint> change_at(const Trend& t, std::size_t i) {
  for (const auto& c : t.changes)
    if (c.point == i) return c.detail;
  return std::nullopt;
}

void terminal_series(std::ostream& out, const Trend& t) {
  out << title(t) << ": " << counts(t) << '\n';
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const TrendPoint& p = t.points[i];
    out << fmt::format("  {:<10}  {}  {}  {:>9}", date_of(p), p.run_id,
                       p.server_version.empty() ? "-" : p.server_version, tps_of(p));
    if (auto c = change_at(t, i)) out << "  << " << change_text(*c);
    out << '\n';
  }
}

void markdown_series(std::ostream& out, const Trend& t) {
  out << "### " << markdown_escape(title(t)) << "\n\n" << counts(t) << ".\n\n";
  out << "| date | run | version | TPS | change point |\n|---|---|---|---:|---|\n";
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const TrendPoint& p = t.points[i];
    const auto c = change_at(t, i);
    out << "| " << date_of(p) << " | " << markdown_escape(p.run_id) << " | "
        << markdown_escape(p.server_version) << " | " << tps_of(p) << " | "
        << (c ? "**" + change_text(*c) + "**" : "") << " |\n";
  }
  out << '\n';
}

Json point_json(const TrendPoint& p) {
  return Json{{"run_id", p.run_id},
              {"started_at", p.started_at},
              {"server_version", p.server_version},
              {"tps", p.tps ? Json(*p.tps) : Json()},
              {"ok", p.ok},
              {"failed", p.failed},
              {"crashed", p.crashed},
              {"errors", p.errors},
              {"reconnects", p.reconnects}};
}

Json change_json(const Trend& t, const TrendChange& c) {
  return Json{{"run_id", t.points[c.point].run_id},
              {"started_at", t.points[c.point].started_at},
              {"before_tps", c.detail.before},
              {"after_tps", c.detail.after},
              {"change", c.detail.change},
              {"p_value", c.detail.p_value},
              {"p_adjusted", c.detail.adjusted_p_value}};
}

Json series_json(const Trend& t) {
  Json points = Json::array(), changes = Json::array();
  for (const auto& p : t.points) points.push_back(point_json(p));
  for (const auto& c : t.changes) changes.push_back(change_json(t, c));
  return Json{{"workload", t.key.workload}, {"engine", t.key.engine},   {"server", t.key.server},
              {"profile", t.key.profile},   {"threads", t.key.threads}, {"points", points},
              {"change_points", changes}};
}

}  // namespace

void write_history_terminal(std::ostream& out, const std::vector<Trend>& trends) {
  if (trends.empty()) out << "no matching runs in the history\n";
  for (std::size_t i = 0; i < trends.size(); ++i) {
    if (i > 0) out << '\n';
    terminal_series(out, trends[i]);
  }
}

void write_history_markdown(std::ostream& out, const std::vector<Trend>& trends) {
  out << "## History\n\n";
  if (trends.empty()) out << "No matching runs in the history.\n";
  for (const auto& t : trends) markdown_series(out, t);
}

Json history_to_json(const std::vector<Trend>& trends) {
  Json series = Json::array();
  for (const auto& t : trends) series.push_back(series_json(t));
  return Json{{"format", kHistoryFormat}, {"series", series}};
}

void write_history_json(std::ostream& out, const std::vector<Trend>& trends) {
  out << history_to_json(trends).dump(2) << '\n';
}

}  // namespace versus::report
