#include "report/compare/compare_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "report/notes/error_notes.h"
#include "report/run/run_json.h"
#include "report/run/run_markdown.h"
#include "report/shared/cell_text.h"
#include "results/record/record_json.h"
#include "sysbench/family_traits.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;
using Row = std::vector<std::string>;

std::string marker(Outcome outcome, bool markdown) {
  if (outcome == Outcome::regression) return markdown ? "**REGRESSION**" : "REGRESSION";
  return outcome == Outcome::improvement ? "improvement" : "";
}

std::string percent(double ratio) {
  return fmt::format("{:+.1f}%", (ratio - 1) * 100);
}

std::string key_text(const CellKey& k) {
  return fmt::format("{}, {}, {}/{}, {}", k.workload, k.engine, k.server, k.profile,
                     threads_text(k.threads));
}

// key_text, with the size where the matched cells differ in it.
std::string sized_key_text(const RegressionReport& r, const CellKey& k) {
  return sizes_differ(r) ? key_text(k) + ", " + size_text(k) : key_text(k);
}

// One column of the table: its header, whether it holds numbers (right-aligned), and its text
// for a matched cell (`markdown`: free text escaped, markers in bold).
struct Column {
  const char* header;
  bool numeric;
  std::function<std::string(const CellChange&, bool markdown)> text;
};

// The table's columns: a size column when the matched cells differ in size, NOPM's two when
// any is TPC-C's.
std::vector<Column> columns_of(const RegressionReport& r) {
  auto free = [](auto field) {
    return [field](const CellChange& c, bool md) {
      return md ? markdown_escape(field(c)) : field(c);
    };
  };
  std::vector<Column> cols{
      {"workload", false, free([](const CellChange& c) { return c.key.workload; })},
      {"engine", false, free([](const CellChange& c) { return c.key.engine; })},
      {"server/profile", false, free([](const CellChange& c) { return column_name(c.key); })},
      {"threads", true, [](const CellChange& c, bool) { return std::to_string(c.key.threads); }},
      {"base TPS", true, [](const CellChange& c, bool) { return tps_summary_text(c.base); }},
      {"new TPS", true, [](const CellChange& c, bool) { return tps_summary_text(c.now); }},
      {"change", true, [](const CellChange& c, bool) { return change_text(c.change); }},
      {"95% CI", true, [](const CellChange& c, bool) { return change_ci_text(c.change); }},
      {"p", true, [](const CellChange& c, bool) { return p_value_text(c.change); }},
      {"p adj", true, [](const CellChange& c, bool) { return adjusted_p_text(c.change); }},
      {"verdict", false,
       [](const CellChange& c, bool) {
         return std::string(results::verdict_name(c.change.verdict, results::VerdictForm::words));
       }},
      {"result", false, [](const CellChange& c, bool md) { return marker(c.outcome, md); }}};
  if (has_nopm(r))
    cols.insert(cols.begin() + 6,
                {{"base NOPM", true,
                  [](const CellChange& c, bool) { return nopm_summary_text(c.base_nopm); }},
                 {"new NOPM", true,
                  [](const CellChange& c, bool) { return nopm_summary_text(c.new_nopm); }}});
  if (sizes_differ(r))
    cols.insert(cols.begin() + 4,
                {"size", false, [](const CellChange& c, bool) { return size_text(c.key); }});
  return cols;
}

std::vector<std::size_t> widths_of(const std::vector<Row>& rows, std::size_t minimum) {
  std::vector<std::size_t> widths(rows.front().size(), minimum);
  for (const Row& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], display_width(row[i]));
  return widths;
}

std::string aligned(const std::string& text, std::size_t width, bool right) {
  if (right) return align_right(text, width);
  return text + std::string(width - std::min(width, display_width(text)), ' ');
}

// The table's rows, its header first, and which columns hold numbers.
struct Table {
  std::vector<Row> rows;
  std::vector<bool> numeric;
};

Table table_of(const RegressionReport& report, bool markdown) {
  const std::vector<Column> cols = columns_of(report);
  Table t;
  t.rows.emplace_back();
  for (const Column& c : cols) {
    t.rows.back().push_back(c.header);
    t.numeric.push_back(c.numeric);
  }
  for (const CellChange& change : report.matched) {
    Row& row = t.rows.emplace_back();
    for (const Column& c : cols) row.push_back(c.text(change, markdown));
  }
  return t;
}

// "| a | b |" lines, an alignment line after the header; padded so the source lines up.
void print_markdown_table(std::ostream& out, const Table& table) {
  const std::vector<Row>& rows = table.rows;
  const std::vector<bool>& numeric = table.numeric;
  const auto widths = widths_of(rows, 3);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out << '|';
    for (std::size_t i = 0; i < widths.size(); ++i)
      out << ' ' << aligned(rows[r][i], widths[i], numeric[i]) << " |";
    out << '\n';
    if (r > 0) continue;
    out << '|';
    for (std::size_t i = 0; i < widths.size(); ++i)
      out << ' '
          << (numeric[i] ? std::string(widths[i] - 1, '-') + ":" : std::string(widths[i], '-'))
          << " |";
    out << '\n';
  }
}

void print_terminal_line(std::ostream& out, const Row& row,
                         const std::vector<std::size_t>& widths, const std::vector<bool>& numeric) {
  std::string line;
  for (std::size_t i = 0; i < widths.size(); ++i)
    line += (i == 0 ? "" : " | ") + aligned(row[i], widths[i], numeric[i]);
  out << line.erase(line.find_last_not_of(' ') + 1) << '\n';
}

// "a | b" lines with a "--+--" rule under the header.
void print_terminal_table(std::ostream& out, const Table& table) {
  const std::vector<Row>& rows = table.rows;
  const auto widths = widths_of(rows, 1);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    print_terminal_line(out, rows[r], widths, table.numeric);
    if (r > 0) continue;
    std::string rule;
    for (std::size_t i = 0; i < widths.size(); ++i)
      rule += (i == 0 ? "" : "-+-") + std::string(widths[i], '-');
    out << rule << '\n';
  }
}


std::string run_text(const results::RunInfo& info) {
  return fmt::format("run {} ({}, started {})", info.run_id, info.matrix_file, info.started_at);
}

}  // namespace

bool sizes_differ(const RegressionReport& r) {
  for (const CellChange& c : r.matched)
    if (c.key.tables != r.matched.front().key.tables ||
        c.key.table_size != r.matched.front().key.table_size)
      return true;
  return false;
}

std::string size_text(const CellKey& k) {
  if (k.table_size <= 0) return "-";  // results from before sizes were recorded
  if (const sysbench::SizeAxis axis = sysbench::traits_of_named(k.workload).size;
      axis != sysbench::SizeAxis{})
    return fmt::format("{} {}", k.table_size, k.table_size == 1 ? axis.one : axis.unit);
  return fmt::format("{} x {} rows", k.tables, k.table_size);
}

bool has_nopm(const RegressionReport& r) {
  return std::any_of(r.matched.begin(), r.matched.end(),
                     [](const CellChange& c) { return c.base_nopm.n > 0 || c.new_nopm.n > 0; });
}

const char* const kNopmNote =
    "tpcc: NOPM, New-Orders per minute, beside TPS; its change and verdict are TPS's (New-Order "
    "is a fixed 45% of the mix)";

namespace {

std::string rule_text(const RegressionReport& r) {
  return fmt::format(
      "regression: NEW's TPS significantly lower than BASE's ({:.0f}% confidence, {}) by more "
      "than {:g}%",
      r.options.confidence * 100, adjustment_text(r.options.adjustment, r.matched.size()),
      r.options.threshold_pct);
}

std::string headline(const RegressionReport& r) {
  const int n = r.count(Outcome::regression);
  if (n == 0) return "No regression";
  return fmt::format("{} regression{}", n, n == 1 ? "" : "s");
}

std::string counts_text(const RegressionReport& r) {
  return fmt::format(
      "among {} matched cells ({} improved, {} unchanged, {} undecided, {} with insufficient "
      "data); {} unmatched",
      r.matched.size(), r.count(Outcome::improvement), r.count(Outcome::unchanged),
      r.count(Outcome::undecided), r.count(Outcome::insufficient_data), r.unmatched());
}

// The lines of the introduction, before any table (plain text; the caller escapes).
std::vector<std::string> intro_lines(const RegressionReport& r) {
  std::vector<std::string> lines{"base: " + run_text(r.base_info), "new: " + run_text(r.new_info)};
  if (const std::string w = placement_warning(r); !w.empty())
    lines.insert(lines.begin(), "WARNING: " + w);
  if (r.across_servers && !r.matched.empty())
    lines.push_back(fmt::format("matched across servers: {} (base) with {} (new)",
                                r.matched.front().key.server, r.matched.front().new_server));
  lines.push_back(rule_text(r));
  if (has_nopm(r)) lines.push_back(kNopmNote);
  return lines;
}

// One line per significant difference with counters: "<cell>: <ranked changes>".
std::vector<std::string> counter_lines(const RegressionReport& r) {
  std::vector<std::string> lines;
  for (const CellChange& c : r.matched)
    if (!c.statements.empty() || !c.counters.empty() || !c.only_base_counters.empty() ||
        !c.only_new_counters.empty()) {
      lines.push_back(sized_key_text(r, c.key) + ": " +
                      results::statements_first(
                          c.statements, results::evidence_text(c.counters, "BASE",
                                                               c.only_base_counters, "NEW",
                                                               c.only_new_counters)));
    }
  return lines;
}

constexpr const char* kErrorsTitle =
    "Retried errors above 1% of a cell's transactions (BASE; NEW), by code";

constexpr const char* kCountersTitle =
    "Statements and counters that moved most per transaction (BASE -> NEW), for each "
    "significant difference";

// key_text and the data size: a cell may be missing at one table size only.
std::string unmatched_text(const CellKey& k) {
  if (k.table_size <= 0) return key_text(k) + definition_text(k);  // sizes not recorded
  return key_text(k) + ", " + size_text(k) + definition_text(k);
}

std::vector<std::string> unmatched_lines(const RegressionReport& r) {
  std::vector<std::string> lines;
  for (const CellKey& k : r.only_in_base) lines.push_back("only in base: " + unmatched_text(k));
  for (const CellKey& k : r.only_in_new) lines.push_back("only in new: " + unmatched_text(k));
  return lines;
}

Json key_json(const CellKey& k) {
  return Json{{"workload", k.workload},
              {"engine", k.engine},
              {"threads", k.threads},
              {"server", k.server},
              {"profile", k.profile}};
}

Json change_json(const CellChange& c) {
  Json json = key_json(c.key);
  json["new_server"] = c.new_server;
  json["base"] = summary_to_json(c.base);
  json["new"] = summary_to_json(c.now);
  if (c.base_nopm.n > 0 || c.new_nopm.n > 0) {
    json["base_nopm"] = summary_to_json(c.base_nopm);
    json["new_nopm"] = summary_to_json(c.new_nopm);
  }
  json["change"] = estimate_to_json(c.change);
  json["outcome"] = outcome_name(c.outcome);
  Json counters = Json::array();
  for (const results::CounterChange& k : c.counters)
    counters.push_back(Json{{"name", k.name}, {"base", k.from}, {"new", k.to}, {"score", k.score}});
  json["counters"] = std::move(counters);
  Json statements = Json::array();
  for (const results::StatementChange& k : c.statements)
    statements.push_back(
        Json{{"class", k.statement}, {"base_ms", k.from_ms}, {"new_ms", k.to_ms}, {"share", k.share}});
  json["statements"] = std::move(statements);
  json["only_in_base"] = c.only_base_counters;
  json["only_in_new"] = c.only_new_counters;
  json["errors"] = Json{{"base", error_summary_to_json(c.base_errors)},
                        {"new", error_summary_to_json(c.new_errors)}};
  return json;
}

Json counts_json(const RegressionReport& r) {
  return Json{{"regressions", r.count(Outcome::regression)},
              {"improvements", r.count(Outcome::improvement)},
              {"unchanged", r.count(Outcome::unchanged)},
              {"undecided", r.count(Outcome::undecided)},
              {"insufficient_data", r.count(Outcome::insufficient_data)},
              {"unmatched", r.unmatched()}};
}

Json keys_json(const std::vector<CellKey>& keys) {
  Json array = Json::array();
  for (const CellKey& k : keys) array.push_back(key_json(k));
  return array;
}

}  // namespace

std::vector<std::string> compare_error_notes(const RegressionReport& r) {
  std::vector<std::string> lines;
  for (const CellChange& c : r.matched)
    if (auto line =
            error_change_note(sized_key_text(r, c.key), "BASE", c.base_errors, "NEW", c.new_errors);
        !line.empty())
      lines.push_back(std::move(line));
  return lines;
}

std::string change_text(const results::RatioEstimate& change) {
  return change.ratio > 0 ? percent(change.ratio) : "-";
}

std::string change_ci_text(const results::RatioEstimate& change) {
  if (change.verdict == results::Verdict::insufficient_data) return "-";
  if (!change.ci) return "unbounded";
  return "[" + percent(change.ci->low) + ", " + percent(change.ci->high) + "]";
}

std::string p_value_text(const results::RatioEstimate& change) {
  if (!change.p_value) return "-";
  return *change.p_value < 0.001 ? "<0.001" : fmt::format("{:.3f}", *change.p_value);
}

std::string adjusted_p_text(const results::RatioEstimate& change) {
  if (!change.adjusted_p_value) return "-";
  const double p = *change.adjusted_p_value;
  return p < 0.001 ? "<0.001" : fmt::format("{:.3f}", p);
}

std::string adjustment_text(results::Adjustment adjustment, std::size_t comparisons) {
  switch (adjustment) {
    case results::Adjustment::holm:
      return fmt::format("Holm-adjusted over {} comparisons", comparisons);
    case results::Adjustment::bh:
      return fmt::format("Benjamini-Hochberg-adjusted over {} comparisons", comparisons);
    case results::Adjustment::none:
      break;
  }
  return "each comparison on its own";
}

std::string tps_summary_text(const results::Summary& s) {
  if (s.n == 0) return "- n=0";
  const auto half = results::relative_half_width(s);
  const std::string ci = half ? fmt::format(" ±{:.1f}%", *half * 100) : "";
  return fmt::format("{}{} n={}", format_tps(s.mean), ci, s.n);
}

std::string nopm_summary_text(const results::Summary& s) {
  if (s.n == 0) return "-";
  const auto half = results::relative_half_width(s);
  const std::string ci = half ? fmt::format(" ±{:.1f}%", *half * 100) : "";
  return fmt::format("{:.0f}{} n={}", s.mean, ci, s.n);
}

void write_regression_markdown(std::ostream& out, const RegressionReport& r) {
  out << "# versus compare\n\n";
  for (const std::string& line : intro_lines(r)) out << "- " << markdown_escape(line) << '\n';
  out << "\n**" << headline(r) << "** " << counts_text(r) << '\n';
  if (!r.matched.empty()) {
    out << '\n';
    print_markdown_table(out, table_of(r, true));
  }
  const auto counters = counter_lines(r);
  if (!counters.empty()) out << '\n' << kCountersTitle << ":\n\n";
  for (const std::string& line : counters) out << "- " << markdown_escape(line) << '\n';
  const auto errors = compare_error_notes(r);
  if (!errors.empty()) out << '\n' << kErrorsTitle << ":\n\n";
  for (const std::string& line : errors) out << "- " << markdown_escape(line) << '\n';
  const auto unmatched = unmatched_lines(r);
  if (!unmatched.empty()) out << "\nUnmatched cells:\n\n";
  for (const std::string& line : unmatched) out << "- " << markdown_escape(line) << '\n';
}

void write_regression_terminal(std::ostream& out, const RegressionReport& r) {
  out << "versus compare\n";
  for (const std::string& line : intro_lines(r)) out << line << '\n';
  out << headline(r) << ' ' << counts_text(r) << '\n';
  if (!r.matched.empty()) print_terminal_table(out << '\n', table_of(r, false));
  const auto counters = counter_lines(r);
  if (!counters.empty()) out << '\n' << kCountersTitle << ":\n";
  for (const std::string& line : counters) out << "  " << line << '\n';
  const auto errors = compare_error_notes(r);
  if (!errors.empty()) out << '\n' << kErrorsTitle << ":\n";
  for (const std::string& line : errors) out << "  " << line << '\n';
  const auto unmatched = unmatched_lines(r);
  if (!unmatched.empty()) out << '\n';
  for (const std::string& line : unmatched) out << line << '\n';
}

Json regression_to_json(const RegressionReport& r) {
  Json cells = Json::array();
  for (const CellChange& c : r.matched) cells.push_back(change_json(c));
  return Json{{"format", kCompareFormat},
              {"threshold_pct", r.options.threshold_pct},
              {"confidence", r.options.confidence},
              {"multiple_comparisons", results::adjustment_name(r.options.adjustment)},
              {"base", results::run_info_to_json(r.base_info)},
              {"new", results::run_info_to_json(r.new_info)},
              {"across_servers", r.across_servers},
              {"placement_warning", placement_warning(r)},
              {"counts", counts_json(r)},
              {"cells", std::move(cells)},
              {"only_in_base", keys_json(r.only_in_base)},
              {"only_in_new", keys_json(r.only_in_new)}};
}

void write_regression_json(std::ostream& out, const RegressionReport& r) {
  constexpr auto replace_invalid_utf8 = nlohmann::json::error_handler_t::replace;
  out << regression_to_json(r).dump(2, ' ', false, replace_invalid_utf8) << '\n';
}

}  // namespace versus::report
