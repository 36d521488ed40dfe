#pragma once
// "Queries that change": a replay's query classes whose results differ between a column and the
// baseline (results/evidence/query_changes.h), as every report of a run shows it before any
// timing, and the upgrade report after its verdicts. Per compared pair of cells a section:
//
//   Queries that change: app, innodb, 4 threads: b/default against a/default
//   2 query classes return other rows on b/default: `select c from t where id = ?`, ...
//   class | executions | rows differ | warnings differ | errors differ | later executions
//   First differing execution of each:
//   - `select c from t where id = ?`: line 12, `SELECT c FROM t WHERE id = 5`: a/default 1 row;
//     b/default 0 rows; row 1: a/default `c=#a1b2c3d4`, b/default (none)
//
// then the classes set apart (differ by nature, with their reasons; did not line up; ran on one
// side only) and how rows are shown. Without any change: one line saying how many classes and
// executions were compared. The model is plain text pieces; each format lays them out.
#include <ostream>
#include <string>
#include <vector>

#include "measured/query_results.h"
#include "report/run/text_table.h"
#include "results/evidence/query_changes.h"

namespace versus::report {

// Named classes after a sentence: "2 query classes return other rows on b/default" and the
// classes, each with a few words after it in parentheses ("calls NOW()") or none.
struct ClassList {
  std::string text;
  struct Item {
    std::string statement, words;
  };
  std::vector<Item> items;
};

// The first differing execution of a changed class, in pieces a format styles.
struct ExampleWords {
  std::string statement;  // the class
  std::string where;      // "line 12" (or "execution 3" without lines)
  std::string text;       // the statement as sent, on one line, cut
  std::string base_label, other_label;
  std::string base, other;          // execution_summary of each side
  std::string row_label;            // "row 1", "columns"; "" without a differing row shown
  std::string base_row, other_row;  // as shown; "" for none
};

struct QueryChangesSection {
  std::string title;                   // "app, innodb, 4 threads: b/default against a/default"
  std::vector<ClassList> headlines;    // rows, errors, warnings, later executions; or "none" alone
  TextTable table;                     // the changed classes; no rows when none
  std::vector<ExampleWords> examples;  // per changed class with a differing kept execution
  std::vector<ClassList> apart;        // by nature, not aligned, only on one side
  std::vector<std::string> notes;      // rounded comparison, how rows are shown
};

// How a format writes plain words and code (a class, a statement, a row).
struct Styling {
  std::string (*text)(const std::string&);
  std::string (*code)(const std::string&);
};
// As plain text: words as they are, code in backticks.
Styling plain_styling();

// "1 row", "0 rows", "3 rows affected", "error 1305: FUNCTION x does not exist",
// "2 rows, warning 1292", "1 row, warnings 1292, 1366, note 1003".
std::string execution_summary(const measured::ExecutionResult& execution);

ExampleWords example_words(const results::ExecutionExample& example, const std::string& statement,
                           const std::string& base_label, const std::string& other_label);
// "`class`: line 12, `SELECT c FROM ...`: a/default 1 row; b/default 0 rows; row 1: a/default
// `c=#a1b2c3d4`, b/default (none)".
std::string example_line(const ExampleWords& words, const Styling& style);
// "2 query classes return other rows on b/default: `a`, `b` (words)".
std::string class_list_line(const ClassList& list, const Styling& style);

// The section of one compared pair.
QueryChangesSection query_changes_section(const results::QueryChanges& changes);

// The sections of a run (results::run_query_changes): empty when no replay recorded results.
std::vector<QueryChangesSection> run_query_changes_sections(const results::RunResults& run);

// Terminal: the sections, lines folded at `width`; nothing without sections.
void write_query_changes_terminal(std::ostream& out, const std::vector<QueryChangesSection>& s,
                                  std::size_t width);
// Markdown: "## Queries that change", a "### " heading per section; nothing without sections.
void write_query_changes_markdown(std::ostream& out, const std::vector<QueryChangesSection>& s,
                                  const std::string& heading = "##");
// A code span for Markdown (double backticks around a text holding one; '|' escaped).
std::string markdown_code(const std::string& text);

}  // namespace versus::report
