#include "report/run/query_changes_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "report/run/run_markdown.h"
#include "report/run/run_terminal.h"
#include "report/shared/comparison.h"

namespace versus::report {

namespace {

using results::ClassComparison;
using results::ClassOutcome;

// A statement's text as an example shows it: whitespace runs as one space, cut after this many
// bytes (never inside a UTF-8 character).
constexpr std::size_t kExampleTextBytes = 80;

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string one_line_cut(const std::string& text, std::size_t bytes) {
  std::string line;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (space && (line.empty() || line.back() == ' ')) continue;
    line += space ? ' ' : c;
  }
  if (!line.empty() && line.back() == ' ') line.pop_back();
  if (line.size() <= bytes) return line;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(line[end]) & 0xC0) == 0x80) --end;
  return line.substr(0, end) + "...";
}

std::string pair_label(const std::string& server, const std::string& profile) {
  return column_label(Column{server, profile});
}

std::string warnings_text(const std::vector<measured::WarningRecord>& warnings) {
  std::string out;
  std::string level;
  for (const measured::WarningRecord& w : warnings) {
    std::string name = w.level.empty() ? "warning" : w.level;
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name != level) {
      const bool many = std::count_if(warnings.begin(), warnings.end(),
                                      [&](const auto& x) { return x.level == w.level; }) > 1;
      out += ", " + name + (many ? "s " : " ");
      level = name;
    } else {
      out += ", ";
    }
    out += std::to_string(w.code);
  }
  return out;
}

std::string errors_cell(const ClassComparison& c) {
  if (c.errors_differ == 0) return "0";
  std::vector<std::string> parts;
  if (c.new_errors > 0) parts.push_back(fmt::format("{} new", c.new_errors));
  if (c.errors_gone > 0) parts.push_back(fmt::format("{} gone", c.errors_gone));
  if (c.other_errors > 0) parts.push_back(fmt::format("{} other code", c.other_errors));
  std::string text = std::to_string(c.errors_differ) + " (";
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
  return text + ")";
}

std::string later_cell(const ClassComparison& c) {
  if (c.rest_executions == 0) return "";
  return fmt::format("{} ({})", c.rest_differs ? "differ" : "alike", c.rest_executions);
}

std::string class_cell(const ClassComparison& c) {
  return c.tolerant ? c.statement + " [rounded]" : c.statement;
}

TextTable changes_table(const results::QueryChanges& q) {
  TextTable t{"Classes whose results changed",
              {"class", "executions", "rows differ", "warnings differ", "errors differ",
               "later executions"},
              {},
              0,
              {}};
  for (const ClassComparison& c : q.classes)
    if (c.outcome == ClassOutcome::changed)
      t.rows.push_back({class_cell(c), std::to_string(c.executions), std::to_string(c.rows_differ),
                        std::to_string(c.warnings_differ), errors_cell(c), later_cell(c)});
  return t;
}

ClassList changed_where(const results::QueryChanges& q, const std::string& label,
                        const char* what_one, const char* what_many, auto predicate) {
  ClassList list;
  for (const ClassComparison& c : q.classes)
    if (c.outcome == ClassOutcome::changed && predicate(c)) list.items.push_back({c.statement, ""});
  list.text = fmt::format("{} {} on {}", plural(list.items.size(), "query class", "query classes"),
                          list.items.size() == 1 ? what_one : what_many, label);
  return list;
}

std::vector<ClassList> headlines_of(const results::QueryChanges& q, const std::string& label,
                                    const std::string& base_label) {
  const std::string kept_after_one =
      fmt::format("differs only after its first {} executions", measured::kKeptExecutions);
  const std::string kept_after_many =
      fmt::format("differ only after their first {} executions", measured::kKeptExecutions);
  std::vector<ClassList> lists{
      changed_where(q, label, "returns other rows", "return other rows",
                    [](const ClassComparison& c) { return c.rows_differ > 0; }),
      changed_where(q, label, "raises other errors", "raise other errors",
                    [](const ClassComparison& c) { return c.errors_differ > 0; }),
      changed_where(q, label, "gives other warnings", "give other warnings",
                    [](const ClassComparison& c) { return c.warnings_differ > 0; }),
      changed_where(q, label, kept_after_one.c_str(), kept_after_many.c_str(),
                    [](const ClassComparison& c) {
                      return c.rows_differ + c.warnings_differ + c.errors_differ == 0;
                    })};
  std::erase_if(lists, [](const ClassList& l) { return l.items.empty(); });
  if (!lists.empty()) return lists;
  const std::size_t compared = q.count(ClassOutcome::same) + q.count(ClassOutcome::by_nature);
  return {{fmt::format("No query class changes on {}: {}, {} compared with {}", label,
                       plural(compared, "class", "classes"),
                       plural(q.executions_compared(), "execution", "executions"), base_label),
           {}}};
}

ClassList apart_list(const results::QueryChanges& q, ClassOutcome outcome, std::string text) {
  const std::string label = pair_label(q.server, q.profile);
  const std::string base_label = pair_label(q.base_server, q.profile);
  ClassList list{std::move(text), {}};
  for (const ClassComparison& c : q.classes) {
    if (c.outcome != outcome) continue;
    std::string words;
    if (outcome == ClassOutcome::by_nature)
      for (const std::string& r : c.nondeterminism) words += (words.empty() ? "" : ", ") + r;
    if (outcome == ClassOutcome::not_aligned)
      words = fmt::format("{} executions on {}, {} on {}", c.base_executions, base_label,
                          c.other_executions, label);
    list.items.push_back({c.statement, words});
  }
  return list;
}

std::vector<ClassList> apart_of(const results::QueryChanges& q, const std::string& label,
                                const std::string& base_label) {
  std::vector<ClassList> lists{
      apart_list(q, ClassOutcome::by_nature,
                 "Differ by nature, not counted as changes (their results may differ on any "
                 "two runs)"),
      apart_list(q, ClassOutcome::not_aligned,
                 "Not compared: the logs did not line up (executions or log lines differ)"),
      apart_list(q, ClassOutcome::only_base, "Ran only on " + base_label),
      apart_list(q, ClassOutcome::only_other, "Ran only on " + label)};
  std::erase_if(lists, [](const ClassList& l) { return l.items.empty(); });
  return lists;
}

std::vector<std::string> notes_of(const results::QueryChanges& q, bool rows_shown) {
  std::vector<std::string> notes;
  if (!q.base_stopped.empty())
    notes.push_back("The pass on " + q.base_server + " stopped early (" + q.base_stopped +
                    "): the classes it did not reach are not compared.");
  if (!q.stopped.empty())
    notes.push_back("The pass on " + q.server + " stopped early (" + q.stopped +
                    "): the classes it did not reach are not compared.");
  for (const ClassComparison& c : q.classes)
    if (c.outcome == ClassOutcome::changed && c.tolerant) {
      notes.push_back(
          "[rounded]: floating-point results compared rounded to 12 significant digits.");
      break;
    }
  if (rows_shown)
    notes.push_back(q.rows_values ? "Rows are shown with their values (replay_show_rows: true)."
                                  : "Rows are shown redacted: column names and the first 8 hex "
                                    "digits of each value's MD5 (replay_show_rows: true shows "
                                    "values).");
  return notes;
}

}  // namespace

std::string execution_summary(const measured::ExecutionResult& e) {
  if (e.error != 0)
    return fmt::format("error {}: {}", e.error, one_line_cut(e.error_message, kExampleTextBytes)) +
           warnings_text(e.warnings);
  std::string text = e.result_set ? plural(e.rows, "row", "rows")
                                  : plural(e.rows, "row affected", "rows affected");
  return text + warnings_text(e.warnings);
}

namespace {
std::string plain_words(const std::string& text) {
  return text;
}
std::string backticked(const std::string& text) {
  return "`" + text + "`";
}
}  // namespace

Styling plain_styling() {
  return {plain_words, backticked};
}

std::string markdown_code(const std::string& text) {
  std::string code;
  for (char c : text) code += c == '|' ? std::string("\\|") : std::string(1, c);
  if (code.find('`') == std::string::npos) return "`" + code + "`";
  return "`` " + code + " ``";
}

ExampleWords example_words(const results::ExecutionExample& x, const std::string& statement,
                           const std::string& base_label, const std::string& other_label) {
  ExampleWords w{statement,
                 x.base.line > 0 ? fmt::format("line {}", x.base.line)
                                 : fmt::format("execution {}", x.index + 1),
                 one_line_cut(x.base.text, kExampleTextBytes),
                 base_label,
                 other_label,
                 execution_summary(x.base),
                 execution_summary(x.other),
                 "",
                 "",
                 ""};
  if (!x.row) return w;
  const results::ShownRowDifference& d = *x.row;
  if (!d.columns_differ) {
    w.row_label = fmt::format("row {}", d.row + 1);
    w.base_row = d.base;
    w.other_row = d.other;
    return w;
  }
  auto names = [](const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& n : v) s += (s.empty() ? "" : ", ") + n;
    return s;
  };
  w.row_label = "columns";
  w.base_row = names(d.base_columns);
  w.other_row = names(d.other_columns);
  return w;
}

std::string example_line(const ExampleWords& w, const Styling& style) {
  std::string line =
      style.code(w.statement) + style.text(": " + w.where + ", ") + style.code(w.text) +
      style.text(": " + w.base_label + " " + w.base + "; " + w.other_label + " " + w.other);
  if (w.row_label.empty()) return line;
  auto side = [&](const std::string& row) {
    return row.empty() ? style.text("(none)") : style.code(row);
  };
  return line + style.text("; " + w.row_label + ": " + w.base_label + " ") + side(w.base_row) +
         style.text(", " + w.other_label + " ") + side(w.other_row);
}

std::string class_list_line(const ClassList& list, const Styling& style) {
  std::string line = style.text(list.text);
  for (std::size_t i = 0; i < list.items.size(); ++i) {
    line += style.text(i == 0 ? ": " : ", ") + style.code(list.items[i].statement);
    if (!list.items[i].words.empty()) line += style.text(" (" + list.items[i].words + ")");
  }
  return line;
}

QueryChangesSection query_changes_section(const results::QueryChanges& q) {
  const std::string label = pair_label(q.server, q.profile);
  const std::string base_label = pair_label(q.base_server, q.profile);
  QueryChangesSection s;
  s.title = fmt::format("{}, {}, {}: {} against {}", q.workload, q.engine,
                        plural(static_cast<std::size_t>(q.threads), "thread", "threads"), label,
                        base_label);
  s.headlines = headlines_of(q, label, base_label);
  s.table = changes_table(q);
  bool rows_shown = false;
  for (const ClassComparison& c : q.classes)
    if (c.outcome == ClassOutcome::changed && c.example) {
      s.examples.push_back(example_words(*c.example, c.statement, base_label, label));
      rows_shown = rows_shown || c.example->row.has_value();
    }
  s.apart = apart_of(q, label, base_label);
  s.notes = notes_of(q, rows_shown);
  return s;
}

std::vector<QueryChangesSection> run_query_changes_sections(const results::RunResults& run) {
  std::vector<QueryChangesSection> sections;
  for (const results::QueryChanges& q : results::run_query_changes(run))
    sections.push_back(query_changes_section(q));
  return sections;
}

namespace {


std::string markdown_words(const std::string& text) {
  return markdown_escape(text);
}

// An example on a few lines, never folded (a statement's or a row's spaces may matter):
//   - `class`, line 4: `SELECT ...`
//       a/default: 1 row
//       b/default: 0 rows
//       row 1 on a/default: `sku=#9f8e7d6c`
//       row 1 on b/default: (none)
void write_example_lines(std::ostream& out, const ExampleWords& w) {
  out << "- `" << w.statement << "`, " << w.where << ": `" << w.text << "`\n";
  out << "    " << w.base_label << ": " << w.base << '\n';
  out << "    " << w.other_label << ": " << w.other << '\n';
  if (w.row_label.empty()) return;
  auto side = [](const std::string& row) { return row.empty() ? "(none)" : "`" + row + "`"; };
  out << "    " << w.row_label << " on " << w.base_label << ": " << side(w.base_row) << '\n';
  out << "    " << w.row_label << " on " << w.other_label << ": " << side(w.other_row) << '\n';
}

}  // namespace

void write_query_changes_terminal(std::ostream& out, const std::vector<QueryChangesSection>& s,
                                  std::size_t width) {
  const Styling style = plain_styling();
  for (const QueryChangesSection& section : s) {
    out << "Queries that change: " << section.title << '\n';
    for (const ClassList& h : section.headlines)
      print_folded(out, class_list_line(h, style), width, "    ");
    if (!section.table.rows.empty()) {
      out << '\n';
      write_text_table(out, section.table);
    }
    if (!section.examples.empty()) out << "First differing execution of each:\n";
    for (const ExampleWords& w : section.examples) write_example_lines(out, w);
    for (const ClassList& a : section.apart) print_folded(out, class_list_line(a, style), width, "    ");
    for (const std::string& note : section.notes) print_folded(out, note, width, "    ");
    out << '\n';
  }
}

void write_query_changes_markdown(std::ostream& out, const std::vector<QueryChangesSection>& s,
                                  const std::string& heading) {
  if (s.empty()) return;
  const Styling style{markdown_words, markdown_code};
  out << '\n' << heading << " Queries that change\n";
  for (const QueryChangesSection& section : s) {
    out << '\n' << heading << "# " << markdown_escape(section.title) << "\n\n";
    for (const ClassList& h : section.headlines)
      out << "- **" << markdown_escape(h.text) << "**" << class_list_line({"", h.items}, style)
          << '\n';
    if (!section.table.rows.empty()) write_markdown_text_table(out, section.table);
    if (!section.examples.empty()) out << "\nFirst differing execution of each:\n\n";
    for (const ExampleWords& w : section.examples) out << "- " << example_line(w, style) << '\n';
    if (!section.apart.empty()) out << '\n';
    for (const ClassList& a : section.apart) out << "- " << class_list_line(a, style) << '\n';
    if (!section.notes.empty()) out << '\n';
    for (const std::string& note : section.notes) out << markdown_escape(note) << '\n';
  }
}

}  // namespace versus::report
