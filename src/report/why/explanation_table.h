#pragma once
// ExplanationTable: a run's "what makes the difference" block, the why runs of its directory
// (RUN/why-<column>/, results/record/why_record.h) read back and split row by row, as one
// text table per column for every writer (terminal, Markdown, HTML), with JSON and CSV forms
// and the HTML waterfall's chart; the columns left unsplit are named with why. Reads the run
// directory's files; measures nothing.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "report/html/html_chart.h"
#include "report/run/text_table.h"
#include "results/evidence/why_split.h"

namespace versus::report {

struct Explanations {
  std::vector<results::Explanation> splits;   // by directory name
  std::vector<results::ExplainSkip> skipped;  // explain.json's, then what could not be read
  bool empty() const { return splits.empty() && skipped.empty(); }
};

// Every RUN/why-*/ with a design and results, split at its own min_difference; none without.
Explanations read_explanations(const std::filesystem::path& run_dir);

// The splits of `column` against `baseline` under `profile` (an upgrade report's from, to).
Explanations explanations_for(const Explanations& explanations, const std::string& baseline,
                              const std::string& column, const std::string& profile);

// One row's split in a sentence: "oltp_read_write, innodb, 10000 rows, 16 threads: as shipped
// x0.63 [0.60, 0.66] slower; durability (log_bin ON -> OFF): 41% [33%, 49%] of the gap; ...;
// the release itself x0.83 [0.78, 0.88] slower; interaction ...".
std::string explanation_sentence(const results::WhyDesign& design, const results::WhyRow& row);

// One table per split; its notes the settings not made alike and the groups left out.
std::vector<TextTable> explanation_tables(const Explanations& explanations);
// "columns not split: mysql-9.7: why", one line each.
std::vector<std::string> skipped_lines(const Explanations& explanations);

// The tables as HTML: each under an <h3> of its title, its notes after it.
std::string explanation_tables_html(const Explanations& explanations);

nlohmann::json explanations_json(const Explanations& explanations);
// One line per (column, row, part): docs/output.md's why.csv.
void write_explanations_csv(std::ostream& out, const Explanations& explanations);

// Per split and row with a gap to split, a waterfall from the baseline (1) to the column as
// shipped: the release itself, each group, the interaction, each step with its interval.
std::vector<ChartSpec> explanation_charts(const Explanations& explanations);

}  // namespace versus::report
