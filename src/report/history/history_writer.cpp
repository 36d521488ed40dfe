#include "report/history/history_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "report/run/run_markdown.h"
#include "report/shared/cell_text.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;

// What the titles say of the table size: nothing when every series shown has the same
// tables and table size, the rows per table when they differ, the tables too when series
// with a recorded size differ in them.
struct SizeLabel {
  bool rows = false, tables = false;
  // a workload's series of two definitions of its statements, or of two variants
  bool definitions = false;
};

SizeLabel size_label(const std::vector<Trend>& trends) {
  SizeLabel label;
  const CellKey* known = nullptr;  // the first series with a recorded size
  for (const Trend& t : trends) {
    label.rows |= t.key.table_size != trends.front().key.table_size ||
                  t.key.tables != trends.front().key.tables;
    if (t.key.table_size == 0) continue;  // "size not recorded": its tables (0) say nothing
    if (known) label.tables |= t.key.tables != known->tables;
    known = known ? known : &t.key;
  }
  for (const Trend& a : trends)
    for (const Trend& b : trends)
      label.definitions |= a.key.workload == b.key.workload &&
                           (a.key.definition != b.key.definition || a.key.variant != b.key.variant);
  return label;
}

// ", 10000 rows", ", 4 tables x 10000 rows", ", size not recorded" (rows from before sizes
// were recorded), or nothing.
std::string size_text(const CellKey& k, SizeLabel label) {
  if (!label.rows) return "";
  if (k.table_size == 0) return ", size not recorded";
  if (!label.tables) return fmt::format(", {} rows", k.table_size);
  return fmt::format(", {} table{} x {} rows", k.tables, k.tables == 1 ? "" : "s", k.table_size);
}

std::string title(const Trend& t, SizeLabel label) {
  return fmt::format("{}, {}, {}/{}, {}{}{}", t.key.workload, t.key.engine, t.key.server,
                     t.key.profile, threads_text(t.key.threads), size_text(t.key, label),
                     label.definitions ? definition_text(t.key) : "");
}

std::string counts(const Trend& t) {
  const auto n = t.changes.size();
  return fmt::format("{} run{}, {} change point{}", t.points.size(),
                     t.points.size() == 1 ? "" : "s", n, n == 1 ? "" : "s");
}

// Whether any point of the trend has TPC-C's NOPM (its tables get a column).
bool has_nopm(const Trend& t) {
  return std::any_of(t.points.begin(), t.points.end(),
                     [](const TrendPoint& p) { return p.nopm.has_value(); });
}

std::string date_of(const TrendPoint& p) {
  return p.started_at.substr(0, 10);
}

std::string tps_of(const TrendPoint& p) {
  if (p.tps) return format_tps(*p.tps);
  return p.crashed > 0 ? "crashed" : p.unresponsive > 0 ? "unresponsive" : "failed";
}

// "-10.2% (3001.7 -> 2695.5, p <0.001, adjusted p=0.004)"
std::string change_point_text(const results::ChangePoint& c) {
  return fmt::format("{:+.1f}% ({} -> {}, {}, adjusted {})", c.change * 100, format_tps(c.before),
                     format_tps(c.after), history_p_text(c.p_value),
                     history_p_text(c.adjusted_p_value));
}

// The change starting at point i, if any.
std::optional<results::ChangePoint> change_at(const Trend& t, std::size_t i) {
  for (const auto& c : t.changes)
    if (c.point == i) return c.detail;
  return std::nullopt;
}

void terminal_series(std::ostream& out, const Trend& t, SizeLabel label) {
  out << title(t, label) << ": " << counts(t) << '\n';
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const TrendPoint& p = t.points[i];
    out << fmt::format("  {:<10}  {}  {}  {:>9}", date_of(p), p.run_id,
                       p.server_version.empty() ? "-" : p.server_version, tps_of(p));
    if (p.nopm) out << fmt::format("  NOPM {:.0f}", *p.nopm);
    if (auto c = change_at(t, i)) out << "  << " << change_point_text(*c);
    out << '\n';
  }
}

void markdown_series(std::ostream& out, const Trend& t, SizeLabel label) {
  out << "### " << markdown_escape(title(t, label)) << "\n\n" << counts(t) << ".\n\n";
  const bool nopm = has_nopm(t);
  out << (nopm ? "| date | run | version | TPS | NOPM | change point |\n|---|---|---|---:|---:|---|\n"
               : "| date | run | version | TPS | change point |\n|---|---|---|---:|---|\n");
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const TrendPoint& p = t.points[i];
    const auto c = change_at(t, i);
    out << "| " << date_of(p) << " | " << markdown_escape(p.run_id) << " | "
        << markdown_escape(p.server_version) << " | " << tps_of(p) << " | ";
    if (nopm) out << (p.nopm ? fmt::format("{:.0f}", *p.nopm) : "-") << " | ";
    out << (c ? "**" + change_point_text(*c) + "**" : "") << " |\n";
  }
  out << '\n';
}

Json point_json(const TrendPoint& p) {
  Json j{{"run_id", p.run_id},
              {"started_at", p.started_at},
              {"server_version", p.server_version},
              {"transport", p.transport},
              {"tps", p.tps ? Json(*p.tps) : Json()},
              {"ok", p.ok},
              {"failed", p.failed},
              {"crashed", p.crashed},
              {"unresponsive", p.unresponsive},
              {"errors", p.errors},
              {"reconnects", p.reconnects}};
  if (p.nopm) j["nopm"] = *p.nopm;
  return j;
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
  return Json{
      {"workload", t.key.workload},     {"engine", t.key.engine},   {"server", t.key.server},
      {"profile", t.key.profile},       {"threads", t.key.threads}, {"tables", t.key.tables},
      {"table_size", t.key.table_size}, {"definition", t.key.definition},
      {"variant", t.key.variant},       {"points", points},
      {"change_points", changes}};
}

}  // namespace

std::string history_p_text(double p) {
  return p < 0.001 ? "p <0.001" : fmt::format("p={:.3f}", p);
}

std::vector<std::string> series_titles(const std::vector<Trend>& trends) {
  const SizeLabel label = size_label(trends);
  std::vector<std::string> out;
  for (const Trend& t : trends) out.push_back(title(t, label));
  return out;
}

void write_history_terminal(std::ostream& out, const std::vector<Trend>& trends) {
  if (trends.empty()) out << "no matching runs in the history\n";
  const SizeLabel label = size_label(trends);
  for (std::size_t i = 0; i < trends.size(); ++i) {
    if (i > 0) out << '\n';
    terminal_series(out, trends[i], label);
  }
}

void write_history_markdown(std::ostream& out, const std::vector<Trend>& trends) {
  out << "## History\n\n";
  if (trends.empty()) out << "No matching runs in the history.\n";
  const SizeLabel label = size_label(trends);
  for (const auto& t : trends) markdown_series(out, t, label);
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
