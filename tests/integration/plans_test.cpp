// Statement plans end to end: MySQL 9.7 as shipped against the same release whose range
// optimizer may use 1 byte (range_optimizer_max_mem_size=1: it gives up, and every range query
// scans the table). Every instance records EXPLAIN FORMAT=JSON of every statement after
// ANALYZE TABLE; the "plan:" line names the range statements and what differs, and the why
// line leads with a statement whose plan changed. One short cell per column.
#include <catch2/catch.hpp>

#include "results/record/store.h"
#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
const results::StatementPlan& plan_of_class(const results::DataSizeRecord& d,
                                            const std::string& klass) {
  for (const auto& p : d.plans)
    if (p.statements == "sysbench 1.0" && p.statement_class == klass) return p;
  FAIL("no plan of " << klass);
  return d.plans.front();
}

// The statement a why line names first: what follows "vs BASE: " up to its first digit.
std::string first_statement(const std::string& report, const std::string& prefix) {
  const auto at = report.find(prefix);
  if (at == std::string::npos) return "";
  const auto from = at + prefix.size();
  const auto to = report.find_first_of("0123456789", from);
  return report.substr(from, to - from - 1);
}
}  // namespace

TEST_CASE("a column whose range optimizer gives up: plan: names its range statements",
          "[integration][plans]") {
  TempDir tmp;
  const std::string text =
      "servers:\n"
      "  - name: mysql-9.7\n    basedir: " +
      named_release_basedir("mysql-9.7").string() +
      "\n"
      "profiles:\n"
      "  - name: as-shipped\n"
      "  - name: no-range\n"
      "    options: { range_optimizer_max_mem_size: 1 }\n"
      "workloads: [oltp_read_only]\nthreads: [1]\ntable_size: 10000\nwarmup: 0s\n"
      "duration: 1s\ncpu_probe: false\n";
  const auto results = run_matrix_ok(tmp, text);
  const fs::path run = tmp.path() / "run";
  REQUIRE(results.data_sizes.size() == 2);
  for (const auto& d : results.data_sizes) {
    INFO(d.profile);
    // sysbench 1.0's statements but BEGIN and COMMIT, the microbenchmarks', the point select
    // and four ranges at 100, 1000 and 10000 ids, and every statement at 10
    // (read_write_range_10's too)
    REQUIRE(d.plans.size() == 9 + 18 + 3 * 5 + 9);
    for (const auto& p : d.plans) {
      INFO(p.statement_class << ": " << p.raw);
      CHECK(p.format == "json");
      CHECK(p.error.empty());
      CHECK(p.raw.find("query_block") != std::string::npos);
    }
    const auto& simple = plan_of_class(d, "simple range").shape.tables.at(0);
    CHECK(simple.access_type == (d.profile == "no-range" ? "ALL" : "range"));
    CHECK(plan_of_class(d, "point select").shape.tables.at(0).access_type == "const");
  }
  const std::string md = text_of(run / "comparison.md");
  INFO(md);
  const std::string plan = "plan: mysql-9.7/no-range ran other plans than mysql-9.7/as-shipped: ";
  CHECK(md.find(plan + "simple range: access range -> ALL, key PRIMARY -> none") !=
        std::string::npos);
  CHECK(md.find("ORDER BY range: access range -> ALL") != std::string::npos);
  CHECK(md.find("point select:") == std::string::npos);  // const on both
  const std::string leading =
      first_statement(md, "why: mysql-9.7/no-range at 1 thread vs mysql-9.7/as-shipped: ");
  INFO("the why line leads with: " << leading);
  CHECK((leading == "simple range" || leading == "SUM range" || leading == "ORDER BY range" ||
         leading == "DISTINCT range"));
  CHECK(md.find(leading + " ", md.find(plan)) != std::string::npos);
  CHECK(md.find("its plan changed") != std::string::npos);
  const std::string json = text_of(run / "comparison.json");
  CHECK(json.find("\"statement_plans\"") != std::string::npos);
  CHECK(json.find("\"plan_changed\": true") != std::string::npos);
}

}  // namespace versus::testing
