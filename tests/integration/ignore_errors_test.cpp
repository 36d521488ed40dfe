// ignore_errors on a real release: oltp_read_write on MyISAM at 4 threads, where two clients'
// delete + insert of one id race without transactions (error 1062). By default the cell fails,
// as sysbench 1.0.20 stops, with a hint; with 1062 in ignore_errors it runs and counts them.
// 1000 rows with the special distribution: about 15 collisions a second here, so a 2 s cell
// without one has a probability far below 1e-9.
#include <catch2/catch.hpp>

#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
std::string myisam_matrix() {
  return "servers:\n  - { name: solo, basedir: " + release_basedir("10.11.19").string() +
         " }\nengines: [myisam]\nworkloads: [oltp_read_write]\nthreads: [4]\n"
         "table_size: 1000\nwarmup: 0s\nduration: 2s\ncpu_probe: false\n";
}
}  // namespace

TEST_CASE("ignore_errors: 1062 on MyISAM fails a cell by default, is retried when listed",
          "[integration][ignore_errors]") {
  TempDir tmp;
  auto matrix = tmp.write("m.yaml", myisam_matrix());
  const fs::path strict = tmp.path() / "strict", lenient = tmp.path() / "lenient";
  auto a = run_versus({"run", matrix.string(), "--output", strict.string()});
  INFO(a.output);
  CHECK(a.exit_code == 3);
  auto r = results::load_results(strict / "results.json");
  REQUIRE(r);
  REQUIRE(r->cells.size() == 1);
  CHECK(r->cells[0].status == results::CellStatus::failed);
  CHECK_THAT(r->cells[0].error, Catch::Contains("error 1062") && Catch::Contains("ignore_errors"));
  auto b = run_versus({"run", matrix.string(), "--output", lenient.string(), "--set",
                       "ignore_errors=[1213, 1020, 1205, 1062]"});
  INFO(b.output);
  CHECK(b.exit_code == 0);
  auto s = results::load_results(lenient / "results.json");
  REQUIRE(s);
  REQUIRE(s->cells.size() == 1);
  CHECK(s->cells[0].status == results::CellStatus::ok);
  CHECK(s->cells[0].counters.ignored_errors > 0);
  // ... and kept by code: all of them 1062, with the server's message.
  REQUIRE(s->cells[0].errors.size() == 1);
  CHECK(s->cells[0].errors[0].code == 1062);
  CHECK(s->cells[0].errors[0].count == s->cells[0].counters.ignored_errors);
  CHECK_THAT(s->cells[0].errors[0].message, Catch::StartsWith("Duplicate entry"));
  CHECK(live_recorded_servers(strict).empty());
  CHECK(live_recorded_servers(lenient).empty());
}

}  // namespace versus::testing
