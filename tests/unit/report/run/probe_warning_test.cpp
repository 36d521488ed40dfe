// The host CPU probe in the comparison: its spread per row, and the warning when it moved more
// than the difference a cell claims. Output for results without probes stays unchanged.
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

CellRecord probe_record(const std::string& server, int threads, double tps, double probe) {
  return versus::testing::CellBuilder(server)
      .workload("oltp_read_only")
      .threads(threads)
      .tps(tps)
      .qps(tps * 20)
      .cpu_probe(probe);
}

// a vs b at 8 threads: b is ~3% faster (significant); the probe moved 6.1% (1000 -> 1061).
// At 1 thread b is ~20% faster: more than the probe moved, no warning.
RunResults run(double probe_low, double probe_high) {
  RunResults r;
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  for (double tps : {1000.0, 1001.0, 999.0})
    r.cells.push_back(probe_record("a", 8, tps, probe_low));
  for (double tps : {1030.0, 1031.0, 1029.0})
    r.cells.push_back(probe_record("b", 8, tps, probe_high));
  for (double tps : {100.0, 101.0, 99.0}) r.cells.push_back(probe_record("a", 1, tps, probe_low));
  for (double tps : {120.0, 121.0, 119.0}) r.cells.push_back(probe_record("b", 1, tps, probe_high));
  return r;
}

}  // namespace

TEST_CASE("probe spread: (max - min) / mean over the row's ok runs", "[report][probe]") {
  const auto tables = build_comparison(run(1000, 1061));
  REQUIRE(tables.size() == 1);
  REQUIRE(tables[0].rows.size() == 2);
  REQUIRE(tables[0].rows[1].probe_spread);
  CHECK(*tables[0].rows[1].probe_spread == Approx(61 / 1030.5));
  // No probes (older results, cpu_probe: false): no spread.
  CHECK_FALSE(build_comparison(run(0, 0))[0].rows[1].probe_spread);
}

// The in-cell probe saw the interval the transactions ran in: it is the one used when every ok
// run of the row has it; with one run lacking it the row falls back to cpu_probe.
TEST_CASE("probe spread: the in-cell host speed when every run has it", "[report][probe]") {
  RunResults r = run(1000, 1000);  // the probes before the cells: flat
  for (CellRecord& c : r.cells) {
    if (c.threads != 8) continue;
    c.usage.host_speed_samples = 4;
    c.usage.host_speed = c.server == "a" ? 200 : 210;
  }
  auto rows = build_comparison(r)[0].rows;
  REQUIRE(rows[1].probe_spread);
  CHECK(*rows[1].probe_spread == Approx(10 / 205.0));
  r.cells.front().usage.host_speed_samples = 0;  // one 8-thread run without it
  rows = build_comparison(r)[0].rows;
  REQUIRE(rows[1].probe_spread);
  CHECK(*rows[1].probe_spread == 0);
}

TEST_CASE("probe warning: the host moved more than the claimed difference", "[report][probe]") {
  const auto tables = build_comparison(run(1000, 1061));
  CHECK(probe_warnings(tables[0]) ==
        std::vector<std::string>{"probe: host CPU speed varied 5.9% across the runs at 8 threads, "
                                 "more than the 3.0% difference claimed for b/default"});
  std::ostringstream md;
  write_markdown(md, tables, {});
  CHECK(md.str().find("**Host drift**") != std::string::npos);
  CHECK(md.str().find("- probe: host CPU speed varied 5.9% across the runs at 8 threads") !=
        std::string::npos);
  std::ostringstream text;
  write_terminal(text, tables, {});
  CHECK(text.str().find("probe: host CPU speed varied 5.9%") != std::string::npos);
}

TEST_CASE("probe warning: none for a steady host or without probes", "[report][probe]") {
  CHECK(probe_warnings(build_comparison(run(1000, 1010))[0]).empty());  // 1% < 3%
  const auto tables = build_comparison(run(0, 0));
  CHECK(probe_warnings(tables[0]).empty());
  std::ostringstream md;
  write_markdown(md, tables, {});
  CHECK(md.str().find("Host drift") == std::string::npos);
  CHECK(md.str().find("machine:") == std::string::npos);
}

TEST_CASE("machine facts head the Markdown report", "[report][probe]") {
  versus::results::RunInfo info;
  info.machine = {"Intel Xeon", 2, "Linux 6.1.0 x86_64", "performance", 4ULL << 30};
  std::ostringstream md;
  write_markdown(md, {}, info);
  CHECK(md.str().find("- machine: Intel Xeon (2 CPUs), 4.0 GiB, Linux 6.1.0 x86_64, governor "
                      "performance\n") != std::string::npos);
}

TEST_CASE("hung warning: a cell whose runs left transactions unanswered", "[report][abandoned]") {
  RunResults r = run(0, 0);
  r.cells[4].counters.abandoned = 3;  // b at 8 threads, second run
  r.cells[5].counters.abandoned = 1;  // and its third
  const auto tables = build_comparison(r);
  CHECK(tables[0].rows[1].cells[1].abandoned == 4);
  const std::string expected =
      "hung: b/default at 8 threads: 4 transactions unanswered 5 s after a run ended; did the "
      "server stop answering? Its figures include the wait";
  CHECK(abandoned_warnings(tables[0]) == std::vector<std::string>{expected});
  std::ostringstream md, text;
  write_markdown(md, tables, {});
  write_terminal(text, tables, {});
  CHECK(md.str().find("**Hung servers**") != std::string::npos);
  CHECK(md.str().find("- " + expected) != std::string::npos);
  CHECK(text.str().find(expected) != std::string::npos);
  // None when every transaction was answered.
  CHECK(abandoned_warnings(build_comparison(run(0, 0))[0]).empty());
}

TEST_CASE("probe warning: a single-run difference below min_difference is no claim",
          "[report][probe]") {
  RunResults r;
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.cells = {probe_record("a", 8, 1000, 1000),
             probe_record("b", 8, 1030, 1061)};               // one run each: 3.0%
  CHECK(probe_warnings(build_comparison(r)[0]).size() == 1);  // min_difference 2%
  r.info.min_difference_pct = 4;
  CHECK(probe_warnings(build_comparison(r)[0]).empty());
}
