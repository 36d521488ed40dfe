// Cells a busy machine disturbed: named beside their table; with repeats: auto, left out of
// the cell's figures as if missing (run/auto_repeats.h leaves them out of its decisions).
#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "report/run/run_markdown.h"
#include "report/run/run_terminal.h"
#include "report/shared/cell_text.h"
#include "report/shared/comparison.h"
#include "support/cell_builder.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::RunResults;

// 10 s on 2 CPUs: the server and versus used 8 CPU-s, other processes `other_s`.
CellRecord record(const std::string& server, int round, double tps, double other_s) {
  CellRecord c = versus::testing::CellBuilder(server)
                     .workload("oltp_read_only")
                     .threads(4)
                     .repeat(round)
                     .tps(tps);
  c.usage.measured = true;
  c.usage.interval_s = 10;
  c.usage.host_cpus = 2;
  c.usage.server_user_s = 6;
  c.usage.client_user_s = 2;
  c.usage.host_busy_s = 8 + other_s;
  return c;
}

// a vs b, three rounds; b's second round sat 20% low while others took 3.5 CPU-s (17.5%).
RunResults run(int max_repeats) {
  RunResults r;
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.info.max_repeats = max_repeats;
  r.info.sequential_alpha = max_repeats ? 0.05 : 0;
  for (int round = 0; round < 3; ++round) {
    r.cells.push_back(record("a", round, 1000 + round, 0.2));
    r.cells.push_back(record("b", round, round == 1 ? 800 : 1000, round == 1 ? 3.5 : 0.2));
  }
  return r;
}

}  // namespace

TEST_CASE("interference: fixed repeats keep a disturbed cell and name it",
          "[report][interference]") {
  const auto tables = build_comparison(run(0));
  const ComparisonCell& b = tables[0].rows[0].cells[1];
  CHECK(b.runs == 3);
  REQUIRE(b.disturbed.size() == 1);
  CHECK(b.disturbed[0].round == 1);
  CHECK_FALSE(b.disturbed[0].left_out);
  const auto lines = interference_warnings(tables[0]);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "busy: b/default at 4 threads, round 2: other processes took 3.5 and steal 0.0 of the "
        "machine's 20.0 CPU-s (18%, above interference_limit 10%)");
  std::ostringstream text, markdown;
  write_terminal(text, tables);
  write_markdown(markdown, tables, run(0).info);
  CHECK(text.str().find(lines[0]) != std::string::npos);
  CHECK(markdown.str().find("Busy machine") != std::string::npos);
}

TEST_CASE("interference: repeats: auto leaves a disturbed cell out, as if missing",
          "[report][interference]") {
  const auto tables = build_comparison(run(10));
  const ComparisonCell& b = tables[0].rows[0].cells[1];
  CHECK(b.runs == 2);
  CHECK(b.tps == Approx(1000));
  REQUIRE(b.disturbed.size() == 1);
  CHECK(b.disturbed[0].left_out);
  CHECK_THAT(interference_warnings(tables[0]).at(0),
             Catch::EndsWith("; left out, as if missing (repeats: auto)"));
}

TEST_CASE("interference: a limit of the run's own decides", "[report][interference]") {
  RunResults r = run(0);
  r.info.interference_limit_pct = 20;
  CHECK(interference_warnings(build_comparison(r)[0]).empty());
}
