#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "report/run/cell_text.h"
#include "report/run/run_csv.h"
#include "report/run/run_json.h"
#include "report/run/run_markdown.h"
#include "report/run/run_terminal.h"
#include "support/cell_builder.h"

namespace {

using namespace versus::report;

ComparisonCell ok_cell(double tps, std::optional<double> ratio) {
  ComparisonCell c;
  c.runs = 1;
  c.tps = tps;
  c.qps = tps * 20;
  c.tps_runs = {tps};
  c.tps_summary = versus::results::summarize(c.tps_runs);
  c.ratio = ratio;
  return c;
}

// One row (threads 8): baseline ok, second partial (1 ok + 1 failed), third crashed.
ComparisonTable small_table(const std::string& profile = "default") {
  ComparisonCell partial = ok_cell(1100.04, 1.1);
  partial.failed = 1;
  ComparisonCell crashed;
  crashed.crashed = 2;
  return {"oltp_read_only",
          "innodb",
          {{"a", profile}, {"b", profile}, {"c", profile}},
          {{8, {ok_cell(1000, 1.0), partial, crashed}, std::nullopt}},
          {},
          {}};
}

// small_table() run with 7 point selects per transaction and pareto ids (h 0.3).
ComparisonTable shaped_table() {
  ComparisonTable table = small_table();
  table.mix.point_selects = 7;
  table.distribution.type = versus::sysbench::RandType::pareto;
  table.distribution.pareto_h = 0.3;
  return table;
}

std::string terminal(const ComparisonTable& table, std::size_t width) {
  std::ostringstream out;
  write_terminal(out, {table}, {width});
  return out.str();
}

}  // namespace

TEST_CASE("number formatting rules", "[report]") {
  CHECK(format_tps(1234.56) == "1234.6");
  CHECK(format_tps(0.04) == "0.0");
  CHECK(format_qps(24690.5) == "24690");  // round half to even in fmt's fixed formatting
  CHECK(format_qps(24690.51) == "24691");
  CHECK(format_ratio(1.025) == "x1.02");
  CHECK(format_ratio(0.9) == "x0.90");
}

TEST_CASE("cell text for missing, failed, crashed and partial cells", "[report]") {
  ComparisonCell none;
  CHECK(missing_text(none) == "-");
  none.failed = 1;
  CHECK(missing_text(none) == "failed");
  none.crashed = 1;
  CHECK(missing_text(none) == "crashed");
  ComparisonCell partial = ok_cell(10, 2.0);
  partial.crashed = 1;
  CHECK(missing_text(partial).empty());
  CHECK(cell_line(partial, true) == "10.0* (200) x2.00");
  CHECK(cell_line(partial, false) == "10.0* (200)");
}

TEST_CASE("terminal: one line per row when it fits", "[report]") {
  CHECK(terminal(small_table(), 100) ==
        "oltp_read_only, innodb (TPS, QPS in parentheses; ratio to a/default)\n"
        "Per transaction (sysbench 1.0): BEGIN, 10 point selects, 1 simple range, 1 SUM range, "
        "1 ORDER BY\n"
        "  range, 1 DISTINCT range (100 ids each), 1 index update, 1 non-index update, 1 delete "
        "+ insert of\n"
        "  one id, COMMIT; ids: special (1% of them take 75% of the draws)\n"
        "threads |      a/default |             b/default | c/default\n"
        "--------+----------------+-----------------------+----------\n"
        "      8 | 1000.0 (20000) | 1100.0* (22001) x1.10 |   crashed\n"
        "* some runs of this cell failed or crashed; the mean is over the ok runs only\n");
}

TEST_CASE("terminal: the load sentence folds at spaces within the width", "[report]") {
  for (std::size_t width : {40u, 75u, 100u}) {
    std::istringstream lines(terminal(small_table(), width));
    std::string line, sentence;
    std::getline(lines, line);  // the heading
    while (std::getline(lines, line) && line.find(" | ") == std::string::npos) {
      CHECK(line.size() <= width);
      sentence += sentence.empty() ? line : " " + line.substr(2);
    }
    CHECK(sentence.starts_with("Per transaction (sysbench 1.0): BEGIN,"));
    CHECK(sentence.ends_with("(1% of them take 75% of the draws)"));
    CHECK(sentence.find("  ") == std::string::npos);
  }
}

TEST_CASE("terminal: narrow widths split headers, then cells", "[report]") {
  const ComparisonTable table = small_table("a-long-profile-name");
  const std::string split_header = terminal(table, 75);
  CHECK_THAT(split_header, Catch::Contains("        |                   a |"));
  CHECK_THAT(split_header, Catch::Contains("threads | a-long-profile-name |"));
  CHECK_THAT(split_header, Catch::Contains("1100.0* (22001) x1.10"));
  const std::string split_cells = terminal(small_table(), 40);
  CHECK_THAT(split_cells, Catch::Contains("        |       a |             b |       c\n"
                                          "threads | default |       default | default\n"));
  CHECK_THAT(split_cells, Catch::Contains("      8 |  1000.0 | 1100.0* x1.10 | crashed\n"
                                          "        | (20000) |       (22001) |\n"));
}

TEST_CASE("markdown escapes table and emphasis characters", "[report]") {
  CHECK(markdown_escape("a|b*c\\d_e") == "a\\|b\\*c\\\\d_e");
  std::ostringstream out;
  write_markdown(out, {small_table()}, {});
  CHECK_THAT(out.str(), Catch::Contains("| 1100.0\\* (22001) x1.10 |"));
  CHECK_THAT(out.str(), Catch::Contains("|       8 |"));
  CHECK_THAT(out.str(), Catch::Contains("\n\\* some runs"));
}

TEST_CASE("csv quotes fields per RFC 4180", "[report]") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  std::ostringstream out;
  write_csv(out, {small_table("big, \"fast\"")});
  CHECK_THAT(
      out.str(),
      Catch::Contains(
          "oltp_read_only,innodb,8,b,\"big, \"\"fast\"\"\",1,1,0,1100.04,22000.80,0.00,1.1000,"
          "1,1100.04,1100.04,,,,,,,,,,sysbench-1.0,"));
  CHECK_THAT(out.str(),
             Catch::EndsWith(",0,0,2,,,,,0,,,,,,,,,,,,sysbench-1.0,true,false,10,1,1,1,1,"
                             "100,1,1,1,0,0,special,1,75,0.2,tps,,,,,,,,,,,,0,0,,0,,\n"));
}

TEST_CASE("json: cells without an ok run have null values", "[report]") {
  const auto json = comparison_to_json({small_table()}, {});
  const auto& cells = json["tables"][0]["rows"][0]["cells"];
  CHECK(json["format"] == "versus-comparison/1");
  CHECK(cells[0]["ratio"] == 1.0);
  CHECK(cells[2]["tps"].is_null());
  CHECK(cells[2]["ratio"].is_null());
  CHECK(cells[2]["crashed"] == 2);
}

TEST_CASE("every writer says what each transaction ran and how ids were drawn", "[report]") {
  const ComparisonTable table = shaped_table();
  CHECK_THAT(terminal(table, 100),
             Catch::Contains("ratio to a/default)\nPer transaction (sysbench 1.0): BEGIN, 7 point "
                             "selects, ") &&
                 Catch::Contains("; ids: pareto (h 0.3)\nthreads |"));
  std::ostringstream markdown;
  write_markdown(markdown, {table}, {});
  CHECK_THAT(markdown.str(), Catch::Contains("BEGIN, 7 point selects, "));
}

TEST_CASE(
    "csv: the mix and distribution on every line, then the metric, costs and table coordinates",
    "[report]") {
  ComparisonTable table = shaped_table();
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
                                 "rand_type,rand_spec_pct,rand_spec_res,"
                                 "rand_pareto_h,metric,rw,") &&
                 Catch::Contains(",write_kb_ratio,tables,table_size,settings,retried_errors,"
                                 "retried_share,error_codes\n"));
  const std::string load = ",sysbench-1.0,true,false,7,1,1,1,1,100,1,1,1,0,0,pareto,1,75,0.3";
  std::istringstream lines(out.str());
  std::string line;
  std::getline(lines, line);  // the header
  int count = 0;
  // ... followed by the metric, r/w requests and the (here empty) costs per transaction.
  // ... then the table coordinates, the (here empty) settings that differ and the (here
  // none) retried errors last.
  for (; std::getline(lines, line); ++count)
    CHECK_THAT(line, Catch::Contains(load + ",tps,") && Catch::EndsWith(",4,25000,,0,,"));
  CHECK(count == 3);  // one line per column of the single row
}

TEST_CASE("json: each table has its load as text, mix and distribution", "[report]") {
  const auto json = comparison_to_json({shaped_table()}, {});
  const auto& table = json["tables"][0];
  CHECK(table["load_shape"].get<std::string>().find("BEGIN, 7 point selects, ") !=
        std::string::npos);
  CHECK(table["mix"]["point_selects"] == 7);
  CHECK(table["mix"]["point_selects"].is_number_integer());
  CHECK(table["mix"]["range_size"] == 100);
  CHECK(table["mix"]["transaction"] == true);
  CHECK(table["mix"]["dialect"] == "sysbench-1.0");
  CHECK(table["distribution"]["type"] == "pareto");
  CHECK(table["distribution"]["pareto_h"] == 0.3);
  CHECK(table["distribution"]["spec_pct"] == 1);
}

TEST_CASE(
    "markdown: a merge of shards lists each shard's host; its rows name theirs when they "
    "differ",
    "[report][writers][shards]") {
  versus::results::RunResults r;
  r.info.run_id = "merged";
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.info.shard = {"0123456789abcdef", 0, 2};
  versus::results::MachineFacts m{"Xeon", 2, "Linux 6.1", "", 1ULL << 32, "node1"};
  r.info.hosts = {{1, "s1", m}, {2, "s2", m}};
  r.info.hosts[1].machine.hostname = "node2";
  r.info.hosts[1].machine.cores = 8;
  for (const char* s : {"a", "b"})
    for (int t : {1, 4}) {
      versus::results::CellRecord c = versus::testing::CellBuilder(s).threads(t).tps(100 * t);
      c.host = t == 1 ? "node1" : "node2";
      r.cells.push_back(c);
    }
  std::ostringstream out;
  write_markdown(out, build_comparison(r), r.info);
  CHECK_THAT(out.str(), Catch::Contains("- shard 1/2: node1: Xeon, 2 cores, 4.0 GiB, Linux 6.1") &&
                            Catch::Contains("- shard 2/2: node2: Xeon, 8 cores") &&
                            Catch::Contains("| 4 @node2 |") && !Catch::Contains("- machine:"));
}
