#include "report/notes/error_notes.h"

#include <catch2/catch.hpp>

#include "support/cell_builder.h"

namespace {
using namespace versus::report;
using versus::measured::ErrorKind;
using versus::results::CellRecord;
using versus::results::RunResults;
using versus::testing::CellBuilder;

// `txn` committed transactions, `retried` of them retried with error 1020 (and 1213 once).
CellRecord errors_cell(const std::string& server, int threads, std::uint64_t txn,
                       std::uint64_t retried, int repeat = 0) {
  CellRecord c =
      CellBuilder(server).threads(threads).repeat(repeat).tps(100).ignored_errors(retried);
  c.counters.transactions = txn;
  if (retried > 1)
    c.errors = {{1020, versus::measured::ErrorKind::retried, retried - 1,
                 "Record has changed (" + server + ")"},
                {1213, versus::measured::ErrorKind::retried, 1, "Deadlock found"}};
  return c;
}

RunResults two_servers() {
  RunResults r;
  r.info.servers = {"mariadb-10.11", "mariadb-11.8"};
  r.info.profiles = {"default"};
  r.cells = {errors_cell("mariadb-10.11", 4, 2000, 2), errors_cell("mariadb-11.8", 4, 1000, 10),
             errors_cell("mariadb-10.11", 16, 2000, 0),
             errors_cell("mariadb-11.8", 16, 1000, 700, 0),
             errors_cell("mariadb-11.8", 16, 792, 552, 1)};
  return r;
}
}  // namespace

TEST_CASE("error notes: a column above 1% retried, its share and codes over its ok runs",
          "[report][errors]") {
  const auto tables = build_comparison(two_servers());
  REQUIRE(tables.size() == 1);
  const auto lines = error_notes(tables[0]);
  // 4 threads: 10/1000 is 1.0%, not above; 2/2000 neither. 16 threads: 1252 of 1792.
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "errors: mariadb-11.8/default at 16 threads retried 69.9% of its transactions "
        "(1252/1792): 1020 \"Record has changed (mariadb-11.8)\" (1250), 1213 \"Deadlock "
        "found\" (2)");
  const auto noted = table_errors(tables[0]);
  REQUIRE(noted.size() == 1);
  CHECK(noted[0].row == "16 threads");
  CHECK(noted[0].errors.codes.size() == 2);
}

TEST_CASE("error notes: results without codes say so; other kinds are named", "[report][errors]") {
  versus::results::ErrorSummary s{1000, 150, {}};
  CHECK(retried_share_noted(s));
  CHECK(error_note("a/b at 4 threads", s) ==
        "errors: a/b at 4 threads retried 15.0% of its transactions (150/1000): codes not "
        "recorded");
  s.codes = {{2013, versus::measured::ErrorKind::reconnected, 2, "Lost connection"},
             {1213, versus::measured::ErrorKind::retried, 150, "Deadlock"}};
  CHECK(error_codes_text(s) == "1213 \"Deadlock\" (150), 2013 reconnected \"Lost connection\" (2)");
  const versus::results::ErrorSummary none{1000, 0, {}};
  CHECK_FALSE(retried_share_noted(none));
  CHECK(retried_text(none) == "retried 0.0% of its transactions (0/1000)");
  CHECK(error_change_note("x", "BASE", none, "NEW", none).empty());
  CHECK(error_change_note("x", "BASE", none, "NEW", s) ==
        "errors: x: BASE retried 0.0% of its transactions (0/1000); NEW retried 15.0% of its "
        "transactions (150/1000): 1213 \"Deadlock\" (150), 2013 reconnected \"Lost "
        "connection\" (2)");
}

TEST_CASE("error notes: a summary's JSON form", "[report][errors]") {
  versus::results::ErrorSummary s{1000, 150, {}};
  s.codes = {{1213, versus::measured::ErrorKind::retried, 150, "Deadlock"}};
  CHECK(error_summary_to_json(s).dump() ==
        R"({"transactions":1000,"retried":150,"retried_share":0.15,)"
        R"("codes":[{"code":1213,"kind":"retried","count":150,"message":"Deadlock"}]})");
}
