#include "report/run/class_verdict_table.h"

#include <fmt/format.h>

#include "report/html/html_page.h"
#include "report/notes/plan_notes.h"
#include "report/run/run_markdown.h"
#include "report/shared/cell_text.h"
#include "sysbench/family_traits.h"

namespace versus::report {
namespace {

using Json = nlohmann::ordered_json;
using results::ClassTimings;
using results::ClassVerdict;
using results::Verdict;

std::string ms_text(double ms) {
  return ms < 0.1 ? fmt::format("{:.3f}", ms) : fmt::format("{:.2f}", ms);
}
std::string rate_text(double per_second) {
  return per_second >= 100 ? fmt::format("{:.0f}", per_second) : fmt::format("{:.1f}", per_second);
}

std::string latency_text(const ClassVerdict& v) {
  const double ratio = results::latency_ratio(v);
  if (ratio <= 0) return "";
  const auto ci = results::latency_interval(v);
  return ci ? fmt::format("x{:.2f} [{:.2f}, {:.2f}]", ratio, ci->low, ci->high)
            : fmt::format("x{:.2f}", ratio);
}

std::string plan_cell(const ClassVerdict& v, const ClassVerdictBlock& b) {
  if (!v.explained) return "";
  if (!v.base_plan_error.empty() && !v.other_plan_error.empty()) return "EXPLAIN failed on both";
  if (!v.base_plan_error.empty()) return "EXPLAIN failed on " + column_label(b.base);
  if (!v.other_plan_error.empty()) return "EXPLAIN failed on " + column_label(b.other);
  if (v.plan_changes.empty()) return "same";
  std::string text;
  for (const results::PlanChange& c : v.plan_changes)
    text += (text.empty() ? "" : ", ") + plan_change_text(c);
  return text;
}

std::vector<std::string> class_row(const ClassVerdict& v, const ClassVerdictBlock& b) {
  const bool decided = v.speed.verdict != Verdict::insufficient_data;
  return {v.statement_class,
          fmt::format("{:.0f}%", v.share * 100),
          rate_text(v.base.per_second) + " -> " + rate_text(v.other.per_second),
          ms_text(v.base.mean_ms) + " -> " + ms_text(v.other.mean_ms),
          ms_text(v.base.p95_ms) + " -> " + ms_text(v.other.p95_ms),
          latency_text(v),
          decided ? std::string(results::verdict_name(v.speed.verdict, results::VerdictForm::words)) +
                        held_back_suffix(v.speed)
                  : "?",
          plan_cell(v, b)};
}

// "a, b, c and 4 more"
std::string names_text(const std::vector<std::string>& names) {
  constexpr std::size_t kNamed = 3;
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < kNamed; ++i) text += (i ? ", " : "") + names[i];
  if (names.size() > kNamed) text += fmt::format(" and {} more", names.size() - kNamed);
  return text;
}

// "1 class: a", "5 classes: a, b, c and 2 more"
std::string classes_text(const std::vector<std::string>& names) {
  return fmt::format("{} {}: {}", names.size(), names.size() == 1 ? "class" : "classes",
                     names_text(names));
}

// The line that sums up the classes past the shown ones.
std::string rest_note(const ClassTimings& c) {
  double share = 0;
  std::vector<std::string> slower, faster;
  for (std::size_t i = kClassRowsShown; i < c.classes.size(); ++i) {
    const ClassVerdict& v = c.classes[i];
    share += v.share;
    if (v.speed.verdict == Verdict::slower) slower.push_back(v.statement_class);
    if (v.speed.verdict == Verdict::faster) faster.push_back(v.statement_class);
  }
  const std::size_t more = c.classes.size() - kClassRowsShown;
  std::string text = fmt::format("and {} more {} ({:.0f}% of the time that moved): {} slower", more,
                                 more == 1 ? "class" : "classes", share * 100, slower.size());
  if (!slower.empty()) text += " (" + names_text(slower) + ")";
  text += fmt::format(", {} faster", faster.size());
  if (!faster.empty()) text += " (" + names_text(faster) + ")";
  return text + "; comparison.json lists them all";
}

std::string legend_note(const ClassVerdictBlock& b) {
  const std::string over = b.estimate == results::Estimate::paired
                               ? "the rounds paired"
                               : "the runs as independent samples";
  return fmt::format(
      "share: of the ms per transaction that moved; exec/s, mean ms, p95 ms: {} -> {}, means over "
      "the runs; latency: mean latency on {} / on {}, 95% interval over {}; faster/slower: "
      "Benjamini-Hochberg-adjusted p < 0.05 over the {} classes of this workload and column and "
      "at least a {:.0f}% difference; plan: EXPLAIN of the class's first statement in the log on "
      "both",
      column_label(b.base), column_label(b.other), column_label(b.other), column_label(b.base),
      over, b.family_size, b.min_difference * 100);
}

TextTable class_table(const ClassVerdictBlock& b, std::size_t i) {
  const ClassTimings& c = b.compared[i];
  TextTable t;
  t.title = fmt::format("Query classes, {} against {}, {}", column_label(b.other),
                        column_label(b.base), threads_text(b.threads[i]));
  t.header = {"class", "share", "exec/s", "mean ms", "p95 ms", "latency", "verdict", "plan"};
  t.left_column = 0;
  for (std::size_t k = 0; k < c.classes.size() && k < kClassRowsShown; ++k)
    t.rows.push_back(class_row(c.classes[k], b));
  if (c.classes.size() > kClassRowsShown) t.notes.push_back(rest_note(c));
  if (!c.only_base.empty())
    t.notes.push_back(
        fmt::format("only on {}: {}", column_label(b.base), classes_text(c.only_base)));
  if (!c.only_other.empty())
    t.notes.push_back(
        fmt::format("only on {}: {}", column_label(b.other), classes_text(c.only_other)));
  t.notes.push_back(legend_note(b));
  return t;
}

std::size_t column_index(const ComparisonTable& t, const std::string& server,
                         const std::string& profile) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].server == server && t.columns[i].profile == profile) return i;
  return t.columns.size();
}

Json optional_json(const std::optional<double>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json side_json(const results::ClassSide& s) {
  return Json{{"executions", s.executions},
              {"per_second", s.per_second},
              {"mean_ms", s.mean_ms},
              {"p95_ms", s.p95_ms},
              {"ms_per_txn", s.ms_per_transaction}};
}

Json verdict_json(const ClassVerdict& v, const ClassVerdictBlock& b) {
  const auto ci = results::latency_interval(v);
  const double ratio = results::latency_ratio(v);
  return Json{{"class", v.statement_class},
              {"share", v.share},
              {"base", side_json(v.base)},
              {"other", side_json(v.other)},
              {"latency_ratio", ratio > 0 ? Json(ratio) : Json(nullptr)},
              {"latency_low", ci ? Json(ci->low) : Json(nullptr)},
              {"latency_high", ci ? Json(ci->high) : Json(nullptr)},
              {"rounds", v.speed.rounds},
              {"p_value", optional_json(v.speed.p_value)},
              {"p_adjusted", optional_json(v.speed.adjusted_p_value)},
              {"verdict", std::string(results::verdict_name(v.speed.verdict))},
              {"plan", plan_cell(v, b)}};
}

}  // namespace

ClassVerdictBlock class_verdict_block(const ComparisonTable& table, std::size_t from,
                                      std::size_t to) {
  ClassVerdictBlock b{table.workload, {}, {}, {}, {}, table.estimate, table.min_difference, 0};
  if (!sysbench::traits_of_named(table.workload).class_verdicts || from >= table.columns.size() ||
      to >= table.columns.size() || from == to)
    return b;
  b.base = table.columns[from];
  b.other = table.columns[to];
  const results::ClassOptions options{table.estimate, 0.95, table.min_difference};
  for (const ComparisonRow& row : table.rows) {
    const ComparisonCell& a = row.cells[from];
    const ComparisonCell& z = row.cells[to];
    if (a.class_rounds.empty() || z.class_rounds.empty()) continue;
    auto compared = results::compare_classes(a.class_rounds, z.class_rounds, options);
    // Rounds without a timed class (every statement failed): no table to show.
    if (compared.classes.empty() && compared.only_base.empty() && compared.only_other.empty())
      continue;
    b.threads.push_back(row.threads);
    b.compared.push_back(std::move(compared));
    if (table.plans.size() == table.columns.size())
      results::name_plan_changes(b.compared.back(), table.plans[from], table.plans[to]);
  }
  std::vector<ClassTimings*> family;
  for (ClassTimings& c : b.compared) {
    family.push_back(&c);
    b.family_size += c.classes.size();
  }
  results::decide_classes(family);
  return b;
}

std::vector<ClassVerdictBlock> class_verdict_blocks(const ComparisonTable& table) {
  std::vector<ClassVerdictBlock> out;
  if (table.rows_by != RowAxis::threads) return out;  // a size table shows the same cells again
  for (std::size_t i = 1; i < table.columns.size(); ++i)
    if (auto b = class_verdict_block(table, 0, i); !b.threads.empty()) out.push_back(std::move(b));
  return out;
}

std::vector<ClassVerdictBlock> class_verdict_blocks(const std::vector<ComparisonTable>& tables,
                                                    const std::string& from, const std::string& to,
                                                    const std::string& profile) {
  std::vector<ClassVerdictBlock> out;
  for (const ComparisonTable& t : tables)
    if (t.rows_by == RowAxis::threads)
      if (auto b =
              class_verdict_block(t, column_index(t, from, profile), column_index(t, to, profile));
          !b.threads.empty())
        out.push_back(std::move(b));
  return out;
}

std::vector<TextTable> class_verdict_tables(const ClassVerdictBlock& block) {
  std::vector<TextTable> out;
  for (std::size_t i = 0; i < block.threads.size(); ++i) out.push_back(class_table(block, i));
  return out;
}

std::vector<TextTable> class_verdict_tables(const ComparisonTable& table) {
  std::vector<TextTable> out;
  for (const ClassVerdictBlock& b : class_verdict_blocks(table))
    for (TextTable& t : class_verdict_tables(b)) out.push_back(std::move(t));
  return out;
}

nlohmann::ordered_json class_verdicts_json(const std::vector<ClassVerdictBlock>& blocks) {
  Json out = Json::array();
  for (const ClassVerdictBlock& b : blocks)
    for (std::size_t i = 0; i < b.threads.size(); ++i) {
      Json classes = Json::array();
      for (const ClassVerdict& v : b.compared[i].classes) classes.push_back(verdict_json(v, b));
      out.push_back(
          Json{{"base", column_label(b.base)},
               {"other", column_label(b.other)},
               {"threads", b.threads[i]},
               {"adjustment", std::string(results::adjustment_name(results::kClassAdjustment))},
               {"family_size", b.family_size},
               {"classes", std::move(classes)},
               {"only_base", b.compared[i].only_base},
               {"only_other", b.compared[i].only_other}});
    }
  return out;
}

void write_class_verdicts_markdown(std::ostream& out,
                                   const std::vector<ClassVerdictBlock>& blocks) {
  if (blocks.empty()) return;
  out << "## Query classes\n";
  for (const ClassVerdictBlock& b : blocks)
    for (const TextTable& t : class_verdict_tables(b)) write_markdown_text_table(out, t);
  out << '\n';
}

std::string class_verdicts_html(const std::vector<ClassVerdictBlock>& blocks) {
  std::string html;
  for (const ClassVerdictBlock& b : blocks)
    for (const TextTable& t : class_verdict_tables(b)) {
      std::vector<std::vector<HtmlCell>> rows;
      for (const auto& line : t.rows) {
        std::vector<HtmlCell> cells;
        for (std::size_t i = 0; i < line.size(); ++i) {
          const bool verdict = i == 6 && (line[i] == "faster" || line[i] == "slower");
          const bool text = i == 0 || i >= 6;
          cells.push_back({html_escape(line[i]), verdict ? line[i] : text ? "" : "num"});
        }
        rows.push_back(std::move(cells));
      }
      html += "<section class=\"table classes\"><h2>" + html_escape(t.title) + "</h2>\n" +
              html_table(t.header, rows);
      for (const std::string& note : t.notes)
        html += "<p class=\"note\">" + html_escape(note) + "</p>\n";
      html += "</section>\n";
    }
  return html;
}

}  // namespace versus::report
