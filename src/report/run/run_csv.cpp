#include "report/run/run_csv.h"

#include <fmt/format.h>

#include "report/notes/error_notes.h"
#include "report/notes/settings_notes.h"
#include "report/run/efficiency_table.h"

namespace versus::report {

namespace {

// The column names; the statement counts' in sysbench::for_each_count order, then the metric
// the tables show, rw, and the five costs per transaction with their ratios.
std::string header() {
  std::string h =
      "workload,engine,threads,server,profile,runs,failed,crashed,tps,qps,p95_ms,ratio,"
      "n,mean,median,sd,cv,ci_low,ci_high,ratio_ci_low,ratio_ci_high,verdict,p_value,p_adjusted,"
      "dialect,transaction,lock_tables";
  const sysbench::StatementCounts counts;
  sysbench::for_each_count(counts, [&](const char* name, int) { (h += ',') += name; });
  return h +
         ",rand_type,rand_spec_pct,rand_spec_res,rand_pareto_h,rand_zipfian_exp,metric,rw,"
         "server_cpu_us,client_cpu_us,ctx_switches,read_kb,write_kb,"
         "server_cpu_ratio,client_cpu_ratio,ctx_switches_ratio,read_kb_ratio,write_kb_ratio,"
         "tables,table_size,settings,retried_errors,retried_share,error_codes,"
         "task_clock_us,cycles,instructions,statement_ms,unresponsive,stalls\n";
}

std::string csv_measured(const ComparisonCell& cell, double value) {
  return cell.runs > 0 ? fmt::format("{:.2f}", value) : "";
}

std::string ratio_field(const ComparisonCell& cell) {
  return cell.ratio ? fmt::format("{:.4f}", *cell.ratio) : "";
}

std::string number(std::optional<double> value, int decimals) {
  return value ? fmt::format("{:.{}f}", *value, decimals) : "";
}

std::optional<double> when(bool has, double value) {
  return has ? std::optional<double>(value) : std::nullopt;
}

std::optional<double> low(const std::optional<results::Interval>& i) {
  return i ? std::optional<double>(i->low) : std::nullopt;
}

std::optional<double> high(const std::optional<results::Interval>& i) {
  return i ? std::optional<double>(i->high) : std::nullopt;
}

// n,mean,median,sd,cv,ci_low,ci_high of the TPS; sd, cv and the CI are empty below 2 runs.
std::string summary_fields(const results::Summary& s) {
  const bool any = s.n > 0, spread = s.n >= 2;
  return fmt::format("{},{},{},{},{},{},{}", s.n, number(when(any, s.mean), 2),
                     number(when(any, s.median), 2), number(when(spread, s.sd), 2),
                     number(when(spread, s.cv), 4), number(low(s.ci), 2), number(high(s.ci), 2));
}

// ratio_ci_low,ratio_ci_high,verdict,p_value,p_adjusted against the first column; empty without
// one.
std::string estimate_fields(const ComparisonCell& cell) {
  if (!cell.vs_baseline) return ",,,,";
  const results::RatioEstimate& e = *cell.vs_baseline;
  return fmt::format("{},{},{},{},{}", number(low(e.ci), 4), number(high(e.ci), 4),
                     results::verdict_name(e.verdict), number(e.p_value, 6),
                     number(e.adjusted_p_value, 6));
}

// dialect..inserts: the statements of one transaction, as recorded (results::MixRecord).
std::string mix_fields(const results::MixRecord& m) {
  std::string out = fmt::format("{},{},{}", csv_field(m.dialect), m.transaction, m.lock_tables);
  sysbench::for_each_count(m, [&](const char*, int count) { out += fmt::format(",{}", count); });
  return out;
}

// rand_type..rand_zipfian_exp: the id distribution, all parameters as recorded.
std::string distribution_fields(const sysbench::RandSpec& d) {
  return fmt::format("{},{},{},{},{}", sysbench::rand_type_name(d.type), d.spec_pct, d.spec_res,
                     d.pareto_h, d.zipfian_exp);
}

// metric,rw, then the five costs per transaction and their ratios to the first column's cell;
// empty without usage figures (or without a nonzero baseline, for a ratio).
std::string efficiency_fields(const ComparisonCell& cell, const ComparisonCell& base) {
  std::string text =
      fmt::format("{},{}", config::metric_name(cell.metric), csv_measured(cell, cell.rw));
  const int n = static_cast<int>(cost_names().size());
  if (!cell.efficiency) return text + std::string(static_cast<std::size_t>(2 * n), ',');
  const auto values = cost_values(*cell.efficiency);
  const auto bases = base.efficiency ? cost_values(*base.efficiency) : std::vector<double>{};
  for (double v : values) text += fmt::format(",{:.3f}", v);
  for (std::size_t i = 0; i < values.size(); ++i)
    text +=
        "," + number(bases.empty() ? std::nullopt : results::cost_ratio(values[i], bases[i]), 4);
  return text;
}

// retried_errors,retried_share,error_codes over the ok runs (report/notes/error_notes.h); the share
// is empty without transactions, the codes for results that did not record them.
std::string error_fields(const ComparisonCell& cell) {
  const results::ErrorSummary& e = cell.errors;
  return fmt::format("{},{},{}", e.retried, number(when(e.transactions > 0, e.retried_share()), 4),
                     csv_field(e.codes.empty() ? "" : error_codes_text(e)));
}

// task_clock_us,cycles,instructions per transaction: the kernel's counts, empty where not
// counted (results::Efficiency).
std::string counted_fields(const ComparisonCell& cell) {
  if (!cell.efficiency) return ",,";
  const results::Efficiency& e = *cell.efficiency;
  return fmt::format("{},{},{}", number(e.task_clock_us, 3), number(e.cycles, 1),
                     number(e.instructions, 1));
}

// statement_ms: each statement class's ms per transaction, "point select=0.412;COMMIT=0.110"
// in the workload's class order; empty when no run timed statements.
std::string statement_field(const ComparisonCell& cell) {
  std::string text;
  for (const auto& [name, ms] : cell.statement_ms)
    text += fmt::format("{}{}={:.4f}", text.empty() ? "" : ";", name, ms);
  return csv_field(text);
}

// Each stall of the ok runs as round:start_s+seconds, ';'-separated: "1:12.3+4.1;3:40.0+5.3".
std::string stall_field(const ComparisonCell& cell) {
  std::string text;
  for (const ComparisonCell::Stalled& s : cell.stalled)
    for (const measured::Stall& st : s.stalls)
      text += fmt::format("{}{}:{:.1f}+{:.1f}", text.empty() ? "" : ";", s.round + 1, st.start_s,
                          st.seconds);
  return csv_field(text);
}

void write_line(std::ostream& out, const ComparisonTable& table, const ComparisonRow& row,
                const Column& column, const ComparisonCell& cell, const ComparisonCell& base) {
  const int threads = row.threads;
  out << fmt::format(
      "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(table.workload),
      csv_field(table.engine), threads, csv_field(column.server), csv_field(column.profile),
      cell.runs, cell.failed, cell.crashed, csv_measured(cell, cell.tps), csv_measured(cell, cell.qps),
      csv_measured(cell, cell.p95_ms), ratio_field(cell), summary_fields(cell.tps_summary),
      estimate_fields(cell), mix_fields(table.mix), distribution_fields(table.distribution),
      efficiency_fields(cell, base), table.tables, row.table_size,
      csv_field(column_settings_text(table, column)), error_fields(cell), counted_fields(cell),
      statement_field(cell), cell.unresponsive, stall_field(cell));
}

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

void write_csv(std::ostream& out, const std::vector<ComparisonTable>& tables) {
  out << header();
  for (const ComparisonTable& table : tables) {
    if (table.rows_by == RowAxis::table_size) continue;  // the thread tables' lines again
    for (const ComparisonRow& row : table.rows)
      for (std::size_t i = 0; i < row.cells.size(); ++i)
        write_line(out, table, row, table.columns[i], row.cells[i], row.cells.front());
  }
}

}  // namespace versus::report
