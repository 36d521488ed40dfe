#include "report/history/history_writer.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "report/history/history_trend.h"
#include "support/history_rows.h"

namespace {

using namespace versus::report;
using versus::testing::history_row;
using versus::results::HistoryRow;

// 14 runs at 8 threads, a 20% drop from run 7 on, run 3 failed; and one run at 1 thread.
std::vector<HistoryRow> rows() {
  std::vector<HistoryRow> out{history_row(0, 1, 500)};
  const double wobble[4] = {0, 4, -3, 2};
  for (int run = 0; run < 14; ++run) {
    const double level = run < 7 ? 1000 : 800;
    out.push_back(history_row(run, 8, level + wobble[run % 4], run == 3 ? "failed" : "ok"));
    out.push_back(history_row(run, 8, level + wobble[(run + 1) % 4], "ok", 1));
  }
  return out;
}

}  // namespace

TEST_CASE("history writer: terminal lines and the change marker", "[report][history]") {
  std::ostringstream out;
  write_history_terminal(out, build_trends(rows()));
  const std::string text = out.str();
  CHECK(text.find("oltp_read_only, innodb, trunk/default, 1 thread: 1 run, 0 change points\n") ==
        0);
  CHECK(text.find("trunk/default, 8 threads: 14 runs, 1 change point\n") != std::string::npos);
  CHECK(text.find("  2026-11-17  r107  11.8.0      801.0  << -") != std::string::npos);
  std::ostringstream json;
  write_history_json(json, build_trends(rows()));
  CHECK(json.str().find("\"format\": \"versus-history/1\"") != std::string::npos);
  CHECK(json.str().find("\"definition\": 0") != std::string::npos);
}

TEST_CASE("history writer: a workload's series of two definitions say which is which",
          "[report][history]") {
  std::vector<HistoryRow> two = {history_row(0, 8, 1000), history_row(1, 8, 700)};
  for (HistoryRow& r : two) r.workload = "update_one";
  two[1].definition = 2;
  std::ostringstream out, json;
  write_history_terminal(out, build_trends(two));
  CHECK(out.str().find("update_one, innodb, trunk/default, 8 threads, statements of definition 1:") !=
        std::string::npos);
  CHECK(out.str().find("statements of definition 2:") != std::string::npos);
  write_history_json(json, build_trends(two));
  CHECK(json.str().find("\"definition\": 2") != std::string::npos);
  // One definition only: the titles say nothing of it.
  std::ostringstream one;
  write_history_terminal(one, build_trends({two[0]}));
  CHECK(one.str().find("definition") == std::string::npos);
}

TEST_CASE("history trend: two sizes of the same cell are two series, titles name the size",
          "[report][history]") {
  std::vector<HistoryRow> rows;
  for (int run = 0; run < 3; ++run)
    for (std::int64_t size : {10000, 500000}) {
      HistoryRow r = history_row(run, 8, size == 10000 ? 1000 : 400);
      r.tables = 1;
      r.table_size = size;
      rows.push_back(r);
    }
  std::stable_sort(rows.begin(), rows.end(), [](const HistoryRow& a, const HistoryRow& b) {
    return a.table_size < b.table_size;  // as History::rows orders them
  });
  const auto trends = build_trends(rows);
  REQUIRE(trends.size() == 2);
  CHECK(trends[0].key.table_size == 10000);
  CHECK(trends[1].key.table_size == 500000);
  REQUIRE(trends[1].points.size() == 3);
  CHECK(*trends[1].points[0].tps == 400);  // not pooled with the other size
  std::ostringstream text, markdown, json;
  write_history_terminal(text, trends);
  CHECK(text.str().find("oltp_read_only, innodb, trunk/default, 8 threads, 10000 rows: 3 runs") ==
        0);
  CHECK(
      text.str().find("\noltp_read_only, innodb, trunk/default, 8 threads, 500000 rows: 3 runs") !=
      std::string::npos);
  write_history_markdown(markdown, trends);
  CHECK(markdown.str().find("### oltp_read_only, innodb, trunk/default, 8 threads, 500000 rows") !=
        std::string::npos);
  write_history_json(json, trends);
  CHECK(json.str().find("\"table_size\": 500000") != std::string::npos);

  // One size only: titles as before; the size of rows that never recorded one is said so.
  std::ostringstream one;
  write_history_terminal(one, build_trends({rows[0]}));
  CHECK(one.str().find("8 threads: 1 run") != std::string::npos);
  rows[0].table_size = 0;  // as migrated from schema version 1: no tables either
  rows[0].tables = 0;
  std::ostringstream unknown;
  write_history_terminal(unknown, build_trends(rows));
  CHECK(unknown.str().find("8 threads, size not recorded: 1 run") != std::string::npos);
  CHECK(unknown.str().find("8 threads, 10000 rows: 2 runs") != std::string::npos);
}

TEST_CASE("history writer: a history mixing table counts names them", "[report][history]") {
  HistoryRow a = history_row(0, 1, 100), b = history_row(0, 1, 200);
  a.tables = 1;
  a.table_size = b.table_size = 1000;
  b.tables = 4;
  std::ostringstream out;
  write_history_terminal(out, build_trends({a, b}));
  CHECK(out.str().find("1 thread, 1 table x 1000 rows: 1 run") != std::string::npos);
  CHECK(out.str().find("1 thread, 4 tables x 1000 rows: 1 run") != std::string::npos);
}

TEST_CASE("history writer: a TPC-C series carries NOPM in every form; sysbench's none",
          "[report][history]") {
  std::vector<HistoryRow> tpcc;
  for (int run = 0; run < 3; ++run)
    for (int repeat = 0; repeat < 2; ++repeat) {
      HistoryRow r = history_row(run, 8, 100 + repeat, "ok", repeat);
      r.workload = "tpcc";
      r.nopm = 2700 + 60 * repeat;
      tpcc.push_back(r);
    }
  const auto trends = build_trends(tpcc);
  REQUIRE(trends.size() == 1);
  REQUIRE(trends[0].points[0].nopm);
  CHECK(*trends[0].points[0].nopm == 2730);
  CHECK(trends[0].points[0].nopm_ci);
  std::ostringstream terminal, markdown, json;
  write_history_terminal(terminal, trends);
  CHECK(terminal.str().find("100.5  NOPM 2730\n") != std::string::npos);
  write_history_markdown(markdown, trends);
  CHECK(markdown.str().find("| date | run | version | TPS | NOPM | change point |") !=
        std::string::npos);
  CHECK(markdown.str().find(" | 100.5 | 2730 |  |") != std::string::npos);
  write_history_json(json, trends);
  CHECK(json.str().find("\"nopm\": 2730.0") != std::string::npos);
  std::ostringstream plain;
  write_history_markdown(plain, build_trends(rows()));
  CHECK(plain.str().find("NOPM") == std::string::npos);
}
