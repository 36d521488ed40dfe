#pragma once
// The regression report of `versus compare` as Markdown (for a CI job log or a PR
// comment), plain text for a terminal, or JSON ("versus-compare/1"). First the two runs
// and the rule, then the counts, then one table line per matched cell (workload, engine,
// server/profile, threads, base TPS, new TPS, change, 95% CI, p, verdict, result):
//   oltp_read_write | innodb | trunk/default | 8 | 3001.7 ±0.8% n=3 | 2735.0 ±1.6% n=3 |
//   -8.9% | [-10.7%, -7.1%] | <0.001 | slower | REGRESSION
// then the cells found in only one of the runs. docs/output.md describes every field.
#include <nlohmann/json.hpp>
#include <ostream>

#include "report/compare/regression.h"

namespace versus::report {

inline constexpr const char* kCompareFormat = "versus-compare/1";

void write_regression_markdown(std::ostream& out, const RegressionReport& report);
void write_regression_terminal(std::ostream& out, const RegressionReport& report);
nlohmann::ordered_json regression_to_json(const RegressionReport& report);
// Pretty-printed (indent 2), ending in a newline.
void write_regression_json(std::ostream& out, const RegressionReport& report);

// Cell texts shared by the Markdown and terminal forms.
// "errors: <cell>: BASE retried ...; NEW retried ..." per matched cell where either side
// retried more than 1% of its transactions (report/notes/error_notes.h).
std::vector<std::string> compare_error_notes(const RegressionReport& report);
std::string change_text(const results::RatioEstimate& change);  // "-8.9%", "-" without data
// "[-10.7%, -7.1%]", "unbounded" (too noisy to bound), "-" without data.
std::string change_ci_text(const results::RatioEstimate& change);
std::string p_value_text(const results::RatioEstimate& change);  // "0.012", "<0.001", "-"
// The adjusted p-value (results/stats/multiplicity.h) in the same form; "-" when not adjusted.
std::string adjusted_p_text(const results::RatioEstimate& change);
// "Holm-adjusted over 4 comparisons", ..., "each comparison on its own".
std::string adjustment_text(results::Adjustment adjustment, std::size_t comparisons);
std::string tps_summary_text(const results::Summary& summary);  // "3001.7 ±0.8% n=3"
// TPC-C's NOPM: "7380 ±0.8% n=3", "-" without runs.
std::string nopm_summary_text(const results::Summary& summary);
// Whether the matched cells differ in size (tables x rows, or warehouses): the tables get a
// size column and each cell's lines name its size.
bool sizes_differ(const RegressionReport& report);
// "4 x 10000 rows", "2 warehouses" (TPC-C), "-" when not recorded.
std::string size_text(const CellKey& key);
// Whether any matched cell is TPC-C's: its NOPM gets columns, and kNopmNote says how.
bool has_nopm(const RegressionReport& report);
// The line that says how NOPM is compared, where a comparison has TPC-C cells.
extern const char* const kNopmNote;

}  // namespace versus::report
