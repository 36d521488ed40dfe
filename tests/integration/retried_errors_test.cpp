// Retried errors by code on a real release: MariaDB 11.8 twice, as shipped
// (innodb_snapshot_isolation=ON, which turns a write conflict into error 1020, "Record has
// changed since last read") and with it OFF, and nothing else different, under oltp_read_write
// at 16 threads on a 10,000-row table. The ON column retries a large share of its
// transactions with 1020 (about 70% here; 335% on 1,000 rows); OFF never sees 1020.
// Every report format must name the ON column's retried share and the code; the tally by code
// must add up to the counter the engine kept before.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "measured/error_counts.h"
#include "results/record/store.h"
#include "support.h"
#include "util/whole_file.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
std::string snapshot_isolation_matrix() {
  return "servers:\n  - { name: mariadb-11.8, basedir: " +
         named_release_basedir("mariadb-11.8").string() +
         " }\n"
         "profiles:\n"
         "  - { name: off, options: { innodb_snapshot_isolation: \"OFF\" } }\n"
         "  - { name: on, options: { innodb_snapshot_isolation: \"ON\" } }\n"
         "lifecycle: server\n"
         "workloads: [oltp_read_write]\nthreads: [16]\ntable_size: 10000\n"
         "warmup: 1s\nduration: 3s\ncpu_probe: false\n";
}

const results::CellRecord& profile_cell(const results::RunResults& r, const std::string& profile) {
  for (const auto& c : r.cells)
    if (c.profile == profile) return c;
  FAIL("no cell of profile " << profile);
  return r.cells.front();
}

std::uint64_t retried_count(const results::CellRecord& c, unsigned code) {
  std::uint64_t n = 0;
  for (const auto& e : c.errors)
    if (e.code == code && e.kind == measured::ErrorKind::retried) n += e.count;
  return n;
}

std::string report_file_text(const fs::path& path) {
  auto text = versus::read_whole_file(path);
  REQUIRE(text);
  return *text;
}
}  // namespace

TEST_CASE("retried errors: innodb_snapshot_isolation=ON retries with 1020, every format says so",
          "[integration][errors]") {
  TempDir tmp;
  const auto matrix = tmp.write("m.yaml", snapshot_isolation_matrix());
  const fs::path run_dir = tmp.path() / "run";
  const auto r = run_versus({"run", matrix.string(), "--output", run_dir.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(live_recorded_servers(run_dir).empty());
  const auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  const auto& on = profile_cell(*results, "on");
  const auto& off = profile_cell(*results, "off");
  REQUIRE(on.status == results::CellStatus::ok);
  REQUIRE(off.status == results::CellStatus::ok);
  // The tally by code adds up to the engine's total, in both columns.
  for (const auto* c : {&on, &off})
    CHECK(measured::errors_of_kind(c->errors, measured::ErrorKind::retried) ==
          c->counters.ignored_errors);
  CHECK(retried_count(off, 1020) == 0);
  const std::uint64_t conflicts = retried_count(on, 1020);
  REQUIRE(conflicts * 100 > on.counters.transactions);  // above 1%: the report must say so
  for (const auto& e : on.errors)
    if (e.code == 1020)
      CHECK_THAT(e.message, Catch::StartsWith("Record has changed since last read"));

  const std::string line = "errors: mariadb-11.8/on at 16 threads retried ";
  CHECK_THAT(r.output, Catch::Contains(line));  // the terminal table (folded: the line only)
  // Markdown: the line with its code, and the why line: the statements first, then the
  // retries first among the counters (Handler_rollback follows them).
  const std::string md = report_file_text(run_dir / "comparison.md");
  CHECK_THAT(md, Catch::Contains(line) && Catch::Contains("1020 \"Record has changed") &&
                     Catch::Contains("vs mariadb-11.8/off: "));
  const auto retries = md.find("; retried errors/txn 0.0 -> ");
  CHECK(retries != std::string::npos);
  CHECK(retries < md.find("Handler_rollback/txn"));
  CHECK_THAT(report_file_text(run_dir / "comparison.csv"),
             Catch::Contains("1020 \"\"Record has changed"));
  const auto json = nlohmann::json::parse(report_file_text(run_dir / "comparison.json"));
  const nlohmann::json* noted = nullptr;
  for (const auto& e : json["tables"][0]["errors"])
    if (e["column"] == "mariadb-11.8/on") noted = &e;
  REQUIRE(noted != nullptr);
  CHECK((*noted)["codes"][0]["code"] == 1020);
  CHECK((*noted)["retried_share"].get<double>() > 0.01);
  const std::string html = report_file_text(run_dir / "report.html");
  CHECK_THAT(html, Catch::Contains("<b>Retried errors</b>") &&
                       Catch::Contains("errors: mariadb-11.8/on at 16 threads retried ") &&
                       Catch::Contains("errors-0-16"));
}

}  // namespace versus::testing
