// Prewarm and warmup: steady on a real release (issue 13 part 6), each cell restarted from
// the snapshot with the pool's dump not loaded at startup, so its buffer pool starts empty of
// the table. Without prewarm (and no warmup) the measured interval reads the table's pages
// from disk; with prewarm it reads (almost) none, because the prewarm already did. A steady
// read-only cell ends its warmup: steady well before warmup_max, and both are recorded
// (results.json, run.log).
#include <catch2/catch.hpp>

#include "results/record/store.h"
#include "support.h"
#include "util/whole_file.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
std::string warmup_matrix(const std::string& prewarm, const std::string& warmup) {
  return "servers:\n"
         "  - { name: srv, basedir: " +
         release_basedir("10.11.19").string() +
         " }\n"
         "profiles:\n"
         "  - { name: cold, options: { innodb_buffer_pool_size: 64M, "
         "innodb_buffer_pool_load_at_startup: 0 } }\n"
         "workloads: [oltp_read_only]\n"
         "rand_type: uniform\n"
         "threads: [2]\n"
         "table_size: 40000\n"
         "prewarm: " +
         prewarm + "\nwarmup: " + warmup + "\nwarmup_max: 30s\nduration: 2s\n";
}

struct Ran {
  results::CellRecord cell;
  std::string log;
};

Ran run_one(const std::string& prewarm, const std::string& warmup) {
  TempDir tmp;
  auto matrix = tmp.write("matrix.yaml", warmup_matrix(prewarm, warmup));
  fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 1);
  auto log = read_whole_file(run_dir / "run.log");
  REQUIRE(log);
  return {results->cells.front(), *log};
}

std::int64_t pool_reads(const results::CellRecord& c) {
  REQUIRE(c.usage.measured);
  return c.usage.status.at("Innodb_buffer_pool_reads");
}
}  // namespace

TEST_CASE("prewarm reads the tables, and warmup: steady stops before its maximum",
          "[integration][warmup][quiet]") {
  const Ran cold = run_one("false", "0s");
  const Ran warm = run_one("true", "steady");
  REQUIRE(cold.cell.status == results::CellStatus::ok);
  REQUIRE(warm.cell.status == results::CellStatus::ok);

  // Uniform ids over 40,000 rows (about 600 pages) read from disk in the measured interval
  // without prewarm: 158 to several hundred here (the rest before it starts or by read-ahead);
  // with prewarm a tenth of that at most.
  INFO("Innodb_buffer_pool_reads in the measured interval: without prewarm "
       << pool_reads(cold.cell) << ", with prewarm " << pool_reads(warm.cell));
  CHECK(pool_reads(cold.cell) > 100);
  CHECK(pool_reads(warm.cell) * 10 < pool_reads(cold.cell));

  const measured::WarmupRecord& w = warm.cell.warmup;
  REQUIRE(w.recorded);
  CHECK(w.prewarm);
  CHECK(w.prewarm_seconds > 0);
  CHECK(w.until_steady);
  CHECK(w.steady);
  CHECK(w.seconds >= 5);  // the rule's window
  CHECK(w.seconds < 30);  // warmup_max
  CHECK(warm.log.find("warmup") != std::string::npos);
  CHECK(warm.log.find("(steady)") != std::string::npos);
  CHECK(warm.log.find("prewarm") != std::string::npos);

  const measured::WarmupRecord& f = cold.cell.warmup;
  REQUIRE(f.recorded);
  CHECK_FALSE(f.prewarm);
  CHECK_FALSE(f.until_steady);
  CHECK(f.seconds < 0.5);
  CHECK(cold.log.find("(fixed)") != std::string::npos);
}

}  // namespace versus::testing
