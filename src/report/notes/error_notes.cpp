#include "report/notes/error_notes.h"

#include <fmt/format.h>

#include <algorithm>

#include "measured/error_counts.h"
#include "report/shared/cell_text.h"
#include "results/record/errors_json.h"

namespace versus::report {

namespace {
std::string error_row_text(const ComparisonTable& table, const ComparisonRow& row) {
  if (table.rows_by == RowAxis::table_size) return fmt::format("{} rows", row.table_size);
  return threads_text(row.threads);
}

std::string one_code_text(const measured::ErrorCount& e) {
  const std::string kind = e.kind == measured::ErrorKind::retried
                               ? ""
                               : std::string(measured::error_kind_name(e.kind)) + " ";
  return fmt::format("{} {}\"{}\" ({})", e.code, kind, e.message, e.count);
}
}  // namespace

bool retried_share_noted(const results::ErrorSummary& errors) {
  return errors.retried_share() > kErrorNoteShare;
}

std::string error_codes_text(const results::ErrorSummary& errors) {
  if (errors.codes.empty()) return "codes not recorded";
  measured::ErrorCounts codes = errors.codes;
  std::stable_sort(codes.begin(), codes.end(), [](const auto& a, const auto& b) {
    return a.kind != b.kind ? a.kind < b.kind : a.count > b.count;
  });
  std::string text;
  for (const measured::ErrorCount& e : codes) text += (text.empty() ? "" : ", ") + one_code_text(e);
  return text;
}

std::string retried_text(const results::ErrorSummary& errors) {
  std::string text = fmt::format("retried {:.1f}% of its transactions ({}/{})",
                                 errors.retried_share() * 100, errors.retried, errors.transactions);
  if (errors.retried == 0 && errors.codes.empty()) return text;
  return text + ": " + error_codes_text(errors);
}

std::string error_note(const std::string& subject, const results::ErrorSummary& errors) {
  return "errors: " + subject + " " + retried_text(errors);
}

std::string error_change_note(const std::string& subject, const std::string& from_label,
                              const results::ErrorSummary& from, const std::string& to_label,
                              const results::ErrorSummary& to) {
  if (!retried_share_noted(from) && !retried_share_noted(to)) return "";
  return "errors: " + subject + ": " + from_label + " " + retried_text(from) + "; " + to_label +
         " " + retried_text(to);
}

namespace {
double retried_rate(const results::PerTransaction& errors) {
  const auto it = errors.find(std::string(results::kRetriedErrors));
  return it == errors.end() ? 0 : it->second;
}
}  // namespace

std::string retried_per_transaction_text(const results::PerTransaction& errors) {
  std::string text = fmt::format("retried {:.1f}% of its transactions", retried_rate(errors) * 100);
  std::vector<std::pair<double, std::string>> codes;
  const std::string prefix(results::kErrorCodePrefix);
  for (const auto& [name, value] : errors)
    if (name.rfind(prefix, 0) == 0) codes.emplace_back(-value, name.substr(prefix.size()));
  std::sort(codes.begin(), codes.end());
  for (std::size_t i = 0; i < codes.size(); ++i)
    text +=
        fmt::format("{}{} ({:.1f}%)", i == 0 ? ": " : ", ", codes[i].second, -codes[i].first * 100);
  return text;
}

std::string history_error_note(const std::string& subject, const results::PerTransaction& before,
                               const results::PerTransaction& after) {
  if (retried_rate(before) <= kErrorNoteShare && retried_rate(after) <= kErrorNoteShare) return "";
  return "errors: " + subject + ": before " + retried_per_transaction_text(before) + "; after " +
         retried_per_transaction_text(after);
}

nlohmann::ordered_json error_summary_to_json(const results::ErrorSummary& errors) {
  return nlohmann::ordered_json{{"transactions", errors.transactions},
                                {"retried", errors.retried},
                                {"retried_share", errors.retried_share()},
                                {"codes", results::errors_to_json(errors.codes)}};
}

std::vector<ColumnErrors> table_errors(const ComparisonTable& table) {
  std::vector<ColumnErrors> out;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size() && i < table.columns.size(); ++i)
      if (retried_share_noted(row.cells[i].errors))
        out.push_back(
            {error_row_text(table, row), column_label(table.columns[i]), row.cells[i].errors});
  return out;
}

std::vector<std::string> error_notes(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ColumnErrors& e : table_errors(table))
    lines.push_back(error_note(e.column + " at " + e.row, e.errors));
  return lines;
}

}  // namespace versus::report
