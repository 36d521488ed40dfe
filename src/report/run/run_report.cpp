#include "report/run/run_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "report/run/data_size_table.h"
#include "report/run/query_changes_writers.h"
#include "report/run/relative_table.h"
#include "report/run/relative_writers.h"
#include "report/run/run_csv.h"
#include "report/run/run_json.h"
#include "report/run/run_markdown.h"
#include "report/run/tpcc_table.h"
#include "results/record/data_size_json.h"
#include "util/whole_file.h"

namespace versus::report {
namespace {

// Text tables as {title, header, rows} (the TPC-C tables: their figures as the terminal shows
// them; results.json has the numbers).
nlohmann::json text_tables_json(const std::vector<TextTable>& tables) {
  auto out = nlohmann::json::array();
  for (const TextTable& t : tables)
    out.push_back({{"title", t.title}, {"header", t.header}, {"rows", t.rows}});
  return out;
}

// The comparison's JSON with "query_changes" before its "tables" when a replay recorded results.
nlohmann::ordered_json with_query_changes(nlohmann::ordered_json json,
                                          const results::RunResults& r) {
  const auto changes = results::run_query_changes(r);
  if (changes.empty()) return json;
  nlohmann::ordered_json out;
  for (auto& [key, value] : json.items()) {
    if (key == "tables") out["query_changes"] = query_changes_json(changes);
    out[key] = std::move(value);
  }
  return out;
}

void write_json_report(std::ostream& out, const std::vector<ComparisonTable>& tables,
                       const results::RunResults& r, const Explanations& explanations) {
  auto json = with_query_changes(comparison_to_json(tables, r.info), r);
  if (!explanations.empty()) json["why"] = explanations_json(explanations);
  if (auto tpcc = tpcc_tables(r); !tpcc.empty()) json["tpcc"] = text_tables_json(tpcc);
  if (auto relative = relative_table(tables)) json["relative"] = relative_table_json(*relative);
  if (!r.data_sizes.empty()) json["data_sizes"] = results::data_sizes_to_json(r.data_sizes);
  out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace

ReportContext read_report_context(const std::filesystem::path& dir) {
  auto text = read_whole_file(dir / "matrix.yaml");
  return {text ? *text : std::string(), read_explanations(dir)};
}

std::optional<ReportFormat> report_format_from_name(std::string_view name) {
  if (name == "terminal" || name == "text") return ReportFormat::terminal;
  if (name == "markdown") return ReportFormat::markdown;
  if (name == "csv") return ReportFormat::csv;
  if (name == "json") return ReportFormat::json;
  if (name == "html") return ReportFormat::html;
  return std::nullopt;
}

void write_report(std::ostream& out, ReportFormat format,
                  const std::vector<ComparisonTable>& tables, const results::RunResults& r,
                  const ReportContext& context, const TerminalOptions& options) {
  switch (format) {
    case ReportFormat::terminal:
      write_query_changes_terminal(out, run_query_changes_sections(r), options.width);
      write_terminal(out, tables, options);
      for (const TextTable& t : explanation_tables(context.explanations)) {
        out << '\n';
        write_text_table(out, t);
      }
      for (const auto& line : skipped_lines(context.explanations)) out << line << '\n';
      for (const auto& group : {tpcc_tables(r), data_size_tables(r)})
        for (const TextTable& t : group) {
          out << '\n';
          write_text_table(out, t);
        }
      if (auto relative = relative_table(tables)) {
        out << '\n';
        write_text_table(out, relative_text_table(*relative));
      }
      return;
    case ReportFormat::markdown:
      write_markdown(out, tables, r.info, [&](std::ostream& o) {
        write_query_changes_markdown(o, run_query_changes_sections(r));
      });
      for (const TextTable& t : explanation_tables(context.explanations))
        write_markdown_text_table(out, t);
      for (const auto& line : skipped_lines(context.explanations))
        out << "\n" << markdown_escape(line) << "\n";
      for (const auto& group : {tpcc_tables(r), data_size_tables(r)})
        for (const TextTable& t : group) write_markdown_text_table(out, t);
      if (auto relative = relative_table(tables))
        write_markdown_text_table(out, relative_text_table(*relative));
      return;
    case ReportFormat::csv:
      return write_csv(out, tables);
    case ReportFormat::json:
      return write_json_report(out, tables, r, context.explanations);
    case ReportFormat::html:
      return write_html_report(out, tables, r, context);
  }
}

void write_data_sizes_csv(std::ostream& out, const std::vector<results::DataSizeRecord>& sizes) {
  out << "server,profile,engine,tables,table_size,file_source,data_file_bytes,index_file_bytes,"
         "data_length,index_length\n";
  for (const results::DataSizeRecord& s : sizes)
    out << csv_field(s.server) << ',' << csv_field(s.profile) << ',' << csv_field(s.engine) << ','
        << s.tables << ',' << s.table_size << ',' << csv_field(s.file_source) << ','
        << s.data_file_bytes << ',' << s.index_file_bytes << ',' << s.data_length << ','
        << s.index_length << '\n';
}

void write_tpcc_csv(std::ostream& out, const std::vector<results::CellRecord>& cells) {
  out << "server,profile,engine,warehouses,threads,repeat,transaction,transactions,per_minute,"
         "retried,p50_ms,p95_ms,p99_ms\n";
  for (const results::CellRecord& c : cells) {
    if (c.status != results::CellStatus::ok) continue;
    const double minutes = c.seconds > 0 ? c.seconds / 60 : 1;
    for (const measured::TransactionKind& k : c.kinds)
      out << csv_field(c.server) << ',' << csv_field(c.profile) << ',' << csv_field(c.engine)
          << ',' << c.table_size << ',' << c.threads << ',' << c.repeat + 1 << ','
          << csv_field(k.name) << ',' << k.transactions << ','
          << fmt::format("{:.1f}", static_cast<double>(k.transactions) / minutes) << ','
          << k.retried << ',' << fmt::format("{:.3f},{:.3f},{:.3f}", k.latency.p50,
                                             k.latency.p95, k.latency.p99)
          << '\n';
  }
}

namespace {
// query_changes.csv when a replay recorded its results on two servers, tpcc.csv when the run
// has tpcc cells, relative.csv when it has the microbenchmarks' relative
// table, data_sizes.csv when it has data sizes.
Expected<void> write_side_csvs(const std::filesystem::path& dir, const results::RunResults& r,
                               const std::vector<ComparisonTable>& tables,
                               const Explanations& explanations) {
  if (!explanations.splits.empty()) {
    std::ostringstream csv;
    write_explanations_csv(csv, explanations);
    if (auto ok = write_file_atomically(dir / "why.csv", csv.str()); !ok) return ok;
  }
  if (std::any_of(r.cells.begin(), r.cells.end(), [](const auto& c) { return !c.kinds.empty(); })) {
    std::ostringstream csv;
    write_tpcc_csv(csv, r.cells);
    if (auto ok = write_file_atomically(dir / "tpcc.csv", csv.str()); !ok) return ok;
  }
  if (auto relative = relative_table(tables)) {
    std::ostringstream csv;
    write_relative_csv(csv, *relative);
    if (auto ok = write_file_atomically(dir / "relative.csv", csv.str()); !ok) return ok;
  }
  if (auto changes = results::run_query_changes(r); !changes.empty()) {
    std::ostringstream csv;
    write_query_changes_csv(csv, changes);
    if (auto ok = write_file_atomically(dir / "query_changes.csv", csv.str()); !ok) return ok;
  }
  if (r.data_sizes.empty()) return {};
  std::ostringstream csv;
  write_data_sizes_csv(csv, r.data_sizes);
  return write_file_atomically(dir / "data_sizes.csv", csv.str());
}
}  // namespace

Expected<void> write_run_reports(const std::filesystem::path& dir, const results::RunResults& r) {
  auto tables = build_comparison(r);
  const ReportContext context = read_report_context(dir);
  std::vector<std::pair<std::string, ReportFormat>> files{{"comparison.md", ReportFormat::markdown},
                                                          {"comparison.csv", ReportFormat::csv},
                                                          {"comparison.json", ReportFormat::json},
                                                          {kHtmlReportName, ReportFormat::html}};
  for (const auto& [name, format] : files) {
    std::ostringstream text;
    write_report(text, format, tables, r, context);
    if (auto ok = write_file_atomically(dir / name, text.str()); !ok) return ok;
  }
  return write_side_csvs(dir, r, tables, context.explanations);
}

}  // namespace versus::report
