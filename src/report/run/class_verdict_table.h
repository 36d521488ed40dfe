#pragma once
// The "Query classes" tables of a workload whose statement classes are the user's own queries
// (FamilyTraits::class_verdicts: a replayed log): per column against the baseline and thread
// count, each class's executions per second, mean and p95 latency on both sides, the latency
// ratio with its 95% interval over the run's rounds and a verdict (results/evidence/
// class_verdicts.h: the run's estimate; a family per workload and column, Benjamini-Hochberg),
// its plan change, the classes by their share of the time that moved. At most kClassRowsShown
// rows; the rest in one line. Pure: text cells every writer lays out its way, and their JSON.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "report/run/text_table.h"
#include "report/shared/comparison.h"
#include "results/evidence/class_verdicts.h"

namespace versus::report {

inline constexpr std::size_t kClassRowsShown = 20;

// One column's classes against another's in one table: a family.
struct ClassVerdictBlock {
  std::string workload;
  Column base, other;
  std::vector<int> threads;                        // the table's rows with both sides
  std::vector<results::ClassTimings> compared;  // parallel to threads
  results::Estimate estimate = results::Estimate::paired;
  double min_difference = 0;    // the run's, a fraction
  std::size_t family_size = 0;  // classes compared over every thread count
};

// Column `to` against column `from` of `table` (indexes into its columns), decided as a family
// and with the plans' changes named; empty (no threads) when the table's workload does not give
// classes verdicts.
ClassVerdictBlock class_verdict_block(const ComparisonTable& table, std::size_t from,
                                      std::size_t to);
// Every other column against the baseline (the run report's); none for a table of sizes, whose
// cells its thread tables show.
std::vector<ClassVerdictBlock> class_verdict_blocks(const ComparisonTable& table);
// The blocks of `from` against `to` in `profile` (the upgrade report's), one per table that
// gives its classes verdicts and has both columns.
std::vector<ClassVerdictBlock> class_verdict_blocks(const std::vector<ComparisonTable>& tables,
                                                    const std::string& from, const std::string& to,
                                                    const std::string& profile);

// One table per thread count of the block: title "Query classes, <other> against <base>, 4
// threads", header class, share, exec/s, mean ms, p95 ms, latency, verdict, plan; the first
// kClassRowsShown classes by share, then notes: the classes not shown, those one side only ran,
// how to read it.
std::vector<TextTable> class_verdict_tables(const ClassVerdictBlock& block);
// Every block's of the table, in column order.
std::vector<TextTable> class_verdict_tables(const ComparisonTable& table);

// Every class of every block, none left out: {base, other, threads, classes: [{class, share,
// base: {...}, other: {...}, latency_ratio, latency_low, latency_high, p_value, p_adjusted,
// verdict, plan}], only_base, only_other}; an empty array when there is none.
nlohmann::ordered_json class_verdicts_json(const std::vector<ClassVerdictBlock>& blocks);

// "## Query classes" and the blocks' tables as Markdown (the upgrade report's); nothing without
// any.
void write_class_verdicts_markdown(std::ostream& out, const std::vector<ClassVerdictBlock>& blocks);

// The tables as HTML sections (report/html/html_page.h's tables), "" when there are none.
std::string class_verdicts_html(const std::vector<ClassVerdictBlock>& blocks);

}  // namespace versus::report
