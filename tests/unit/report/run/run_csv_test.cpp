// The run report's CSV: one line per (table, row, column), its fields as docs/output.md lists
// them; each test reads the fields it is about by their header's names.
#include "report/run/run_csv.h"

#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "report/notes/error_notes.h"
#include "shared/files.h"
#include "support/comparison_tables.h"
#include "support/efficiency_costs.h"

using namespace versus::report;
using versus::testing::csv_split;
using versus::testing::ok_comparison_cell;
using versus::testing::shaped_comparison_table;
using versus::testing::small_comparison_table;

namespace {

// Each line of write_csv's output after the header, its fields by the header's names.
std::vector<std::map<std::string, std::string>> csv_lines(
    const std::vector<ComparisonTable>& tables) {
  std::ostringstream out;
  write_csv(out, tables);
  std::istringstream text(out.str());
  std::string line;
  std::getline(text, line);
  const std::vector<std::string> names = csv_split(line);
  std::vector<std::map<std::string, std::string>> lines;
  while (std::getline(text, line)) {
    const std::vector<std::string> fields = csv_split(line);
    REQUIRE(fields.size() == names.size());
    auto& named = lines.emplace_back();
    for (std::size_t i = 0; i < names.size(); ++i) named[names[i]] = fields[i];
  }
  return lines;
}

}  // namespace

TEST_CASE("csv: fields quoted per RFC 4180", "[report][run_csv]") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("cr\r") == "\"cr\r\"");
  CHECK(csv_field("").empty());
  std::ostringstream out;
  write_csv(out, {small_comparison_table("big, \"fast\"")});
  CHECK_THAT(
      out.str(),
      Catch::Contains(
          "oltp_read_only,innodb,8,b,\"big, \"\"fast\"\"\",1,1,0,1100.04,22000.80,0.00,1.1000,"
          "1,1100.04,1100.04,,,,,,,,,,sysbench-1.0,"));
  CHECK_THAT(out.str(),
             Catch::EndsWith(",0,0,2,,,,,0,,,,,,,,,,,,sysbench-1.0,true,false,10,1,1,1,1,"
                             "100,1,1,1,0,0,100,special,1,75,0.2,0.8,tps,,,,,,,,,,,,0,0,,0,,,,,,,0,\n"));
}

TEST_CASE(
    "csv: the mix and distribution on every line, then the metric, costs and table coordinates",
    "[report][run_csv]") {
  ComparisonTable table = shaped_comparison_table();
  table.tables = 4;
  for (ComparisonRow& row : table.rows) row.table_size = 25000;
  std::ostringstream out;
  write_csv(out, {table});
  CHECK_THAT(out.str(),
             Catch::StartsWith("workload,engine,threads,server,profile,runs,") &&
                 Catch::Contains(",verdict,p_value,p_adjusted,dialect,transaction,lock_tables,"
                                 "point_selects,simple_ranges,sum_ranges,order_ranges,"
                                 "distinct_ranges,range_size,index_updates,"
                                 "non_index_updates,delete_inserts,deletes,inserts,"
                                 "inlist_size,rand_type,rand_spec_pct,rand_spec_res,"
                                 "rand_pareto_h,rand_zipfian_exp,metric,rw,") &&
                 Catch::Contains(",write_kb_ratio,tables,table_size,settings,retried_errors,"
                                 "retried_share,error_codes,task_clock_us,cycles,"
                                 "instructions,statement_ms,unresponsive,stalls\n"));
  const std::string load =
      ",sysbench-1.0,true,false,7,1,1,1,1,100,1,1,1,0,0,100,pareto,1,75,0.3,0.8";
  std::istringstream lines(out.str());
  std::string line;
  std::getline(lines, line);  // the header
  int count = 0;
  // ... followed by the metric, r/w requests and the (here empty) costs per transaction.
  // ... then the table coordinates, the (here empty) settings that differ, the (here none)
  // retried errors, the (here not counted) kernel's counts and the (here untimed)
  // statements last.
  for (; std::getline(lines, line); ++count)
    CHECK_THAT(line, Catch::Contains(load + ",tps,") && Catch::EndsWith(",4,25000,,0,,,,,,,0,"));
  CHECK(count == 3);  // one line per column of the single row
}

TEST_CASE("csv: a cell's TPS statistics and its estimate against the first column",
          "[report][run_csv]") {
  ComparisonTable table = small_comparison_table();
  ComparisonCell& b = table.rows[0].cells[1];
  b.failed = 0;
  b.runs = 3;
  b.tps_runs = {1090, 1100, 1110};
  b.tps_summary = versus::results::summarize(b.tps_runs);
  versus::results::RatioEstimate e;
  e.ratio = 1.1;
  e.ci = versus::results::Interval{1.05, 1.15};
  e.p_value = 0.00123456789;
  e.adjusted_p_value = 0.0037;
  e.verdict = versus::results::Verdict::faster;
  b.vs_baseline = e;
  const auto lines = csv_lines({table});
  REQUIRE(lines.size() == 3);
  const auto& line = lines[1];
  CHECK(line.at("server") == "b");
  CHECK(line.at("n") == "3");
  CHECK(line.at("mean") == "1100.00");
  CHECK(line.at("median") == "1100.00");
  CHECK(line.at("sd") == "10.00");
  CHECK(line.at("cv") == "0.0091");
  CHECK(line.at("ci_low") == "1075.16");
  CHECK(line.at("ci_high") == "1124.84");
  CHECK(line.at("ratio_ci_low") == "1.0500");
  CHECK(line.at("ratio_ci_high") == "1.1500");
  CHECK(line.at("verdict") == "faster");
  CHECK(line.at("p_value") == "0.001235");
  CHECK(line.at("p_adjusted") == "0.003700");
  // One run: no spread, no interval; the first column compares with nothing.
  CHECK(lines[0].at("n") == "1");
  CHECK(lines[0].at("mean") == "1000.00");
  CHECK(lines[0].at("sd").empty());
  CHECK(lines[0].at("ci_low").empty());
  CHECK(lines[0].at("verdict").empty());
  CHECK(lines[0].at("p_value").empty());
  // No ok run: no figures at all.
  CHECK(lines[2].at("n") == "0");
  CHECK(lines[2].at("mean").empty());
  CHECK(lines[2].at("tps").empty());
  CHECK(lines[2].at("ratio").empty());
}

TEST_CASE("csv: costs per transaction with their ratios to the first column's",
          "[report][run_csv]") {
  ComparisonTable table = small_comparison_table();
  table.rows[0].cells[0].efficiency = versus::testing::costs(100, 40, 5, 0.5, 0, 9);
  table.rows[0].cells[1].efficiency = versus::testing::costs(150, 30, 10, 1, 2, 9);
  const auto lines = csv_lines({table});
  REQUIRE(lines.size() == 3);
  CHECK(lines[1].at("server_cpu_us") == "150.000");
  CHECK(lines[1].at("client_cpu_us") == "30.000");
  CHECK(lines[1].at("ctx_switches") == "10.000");
  CHECK(lines[1].at("read_kb") == "1.000");
  CHECK(lines[1].at("write_kb") == "2.000");
  CHECK(lines[1].at("server_cpu_ratio") == "1.5000");
  CHECK(lines[1].at("client_cpu_ratio") == "0.7500");
  CHECK(lines[1].at("read_kb_ratio") == "2.0000");
  CHECK(lines[1].at("write_kb_ratio").empty());  // the baseline wrote nothing: no ratio
  CHECK(lines[0].at("server_cpu_ratio") == "1.0000");
  CHECK(lines[2].at("server_cpu_us").empty());  // no usage figures
  CHECK(lines[2].at("server_cpu_ratio").empty());
}

TEST_CASE("csv: the metric, r/w requests and the retried errors with their codes",
          "[report][run_csv]") {
  ComparisonTable table = small_comparison_table();
  ComparisonCell& a = table.rows[0].cells[0];
  a.metric = versus::config::Metric::rw;
  a.rw = 14000.126;
  a.errors.transactions = 1000;
  a.errors.retried = 25;
  a.errors.codes = {{1213, versus::measured::ErrorKind::retried, 25,
                     "Deadlock found when trying to get lock; try restarting transaction"}};
  const auto lines = csv_lines({table});
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].at("metric") == "rw");
  CHECK(lines[0].at("rw") == "14000.13");
  CHECK(lines[0].at("retried_errors") == "25");
  CHECK(lines[0].at("retried_share") == "0.0250");
  CHECK(lines[0].at("error_codes") == error_codes_text(a.errors));
  CHECK_THAT(lines[0].at("error_codes"), Catch::StartsWith("1213 \"Deadlock found"));
  CHECK(lines[1].at("retried_share").empty());  // no transactions recorded
  CHECK(lines[1].at("error_codes").empty());
}

TEST_CASE("csv: a size table's cells are its thread tables' lines, not written again",
          "[report][run_csv]") {
  ComparisonTable threads = small_comparison_table();
  ComparisonTable sizes = small_comparison_table();
  sizes.rows_by = RowAxis::table_size;
  CHECK(csv_lines({threads, sizes}).size() == 3);
  CHECK(csv_lines({sizes}).empty());
}

TEST_CASE("csv: each class's time per transaction in the last field", "[report][run_csv]") {
  ComparisonTable table = shaped_comparison_table();
  table.rows.front().cells.front().statement_ms = {{"point select", 1.5}, {"COMMIT", 0.25}};
  std::ostringstream out;
  write_csv(out, {table});
  std::istringstream lines(out.str());
  std::string line;
  std::getline(lines, line);  // the header
  std::getline(lines, line);
  CHECK_THAT(line, Catch::EndsWith(",point select=1.5000;COMMIT=0.2500,0,"));
  std::getline(lines, line);  // no retried errors, no kernel's counts, no statements
  CHECK_THAT(line, Catch::EndsWith(",0,,,,,,,0,"));
}
