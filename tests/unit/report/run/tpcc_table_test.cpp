#include "report/run/tpcc_table.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "report/run/run_markdown.h"
#include "report/run/run_terminal.h"
#include "support/golden.h"
#include "support/tpcc_fixture.h"

using namespace versus;


TEST_CASE("TPC-C tables: NOPM, TPM and each kind per column, golden", "[report][tpcc][golden]") {
  const auto tables = report::tpcc_tables(testing::tpcc_fixture());
  REQUIRE(tables.size() == 2);
  CHECK(tables[0].title.find("1 warehouse(s)") != std::string::npos);
  const auto& t = tables[1];
  REQUIRE(t.rows.size() == 14);
  CHECK(t.rows[0][0] == "old/default");
  CHECK(t.rows[0][2] == "6300");  // (1000 + 1100) / 2 per 10 s, per minute
  CHECK(t.rows[1][1] == "new_order (NOPM)");
  CHECK(t.rows[1][2] == "2835");  // (450 + 495) / 2 * 6
  CHECK(t.rows[6][1] == "committed new_order (server NOPM)");
  CHECK(t.rows[6][2] == "2807");  // 0.99 x 2835: the server's count
  CHECK(t.rows[8][1] == "new_order (NOPM)");
  CHECK(t.rows[8][2] == "3240");  // the failed cell's 5x left out
  std::ostringstream text, markdown;
  for (const auto& table : tables) {
    report::write_text_table(text, table);
    report::write_markdown_text_table(markdown, table);
  }
  testing::check_golden("tpcc_tables.txt", text.str());
  testing::check_golden("tpcc_tables.md", markdown.str());
}

TEST_CASE("TPC-C tables: the server's TPM where the usage snapshots recorded Com_commit",
          "[report][tpcc]") {
  auto run = testing::tpcc_fixture();
  for (auto& c : run.cells)
    if (c.server == "old" && c.table_size == 2) {
      c.usage.measured = true;
      c.usage.status = {{"Com_commit", 990}, {"Com_rollback", 10}};  // over 10 s
    }
  const auto tables = report::tpcc_tables(run);
  REQUIRE(tables.size() == 2);
  const auto& rows = tables[1].rows;
  const auto row = std::find_if(rows.begin(), rows.end(), [](const auto& r) {
    return r[1] == "all (server TPM: Com_commit + Com_rollback)";
  });
  REQUIRE(row != rows.end());
  CHECK((*row)[2] == "6000");  // (990 + 10) per 10 s, per minute
  CHECK(row - rows.begin() == 7);  // old's column: after its server NOPM
  // new's cells recorded no usage: no such row in its column.
  CHECK(std::count_if(rows.begin(), rows.end(), [](const auto& r) {
          return r[1] == "all (server TPM: Com_commit + Com_rollback)";
        }) == 1);
}

TEST_CASE("TPC-C tables: none for a run without tpcc cells", "[report][tpcc]") {
  results::RunResults r;
  r.cells.push_back({});
  CHECK(report::tpcc_tables(r).empty());
}
