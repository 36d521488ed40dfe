// configs/nightly.yaml passes `versus plan` (the whole preflight: release detection, the
// profile) with a real release as the build under test, as docs/nightly.md runs it.
#include <catch2/catch.hpp>

#include "support.h"

namespace versus::testing {

TEST_CASE("configs/nightly.yaml passes versus plan with a real release as server new",
          "[integration][nightly]") {
  const auto basedir = release_basedir("10.11.19");
  auto r = run_versus({"plan", std::string(VERSUS_SOURCE_DIR) + "/configs/nightly.yaml", "--server",
                       "new=" + basedir.string()});
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("27 cells") != std::string::npos);  // 3 workloads x 3 threads x 3 repeats
}

}  // namespace versus::testing

namespace versus::testing {

TEST_CASE("configs/tpcc.yaml passes versus plan on the fetched releases", "[integration][tpcc]") {
  auto r = run_versus({"plan", std::string(VERSUS_SOURCE_DIR) + "/configs/tpcc.yaml"});
  INFO(r.output);
  CHECK(r.exit_code == 0);
  // 3 releases as shipped, 2 equalized (10.11's would repeat it), 2 warehouse counts, 3 rounds.
  CHECK(r.output.find("30 cells") != std::string::npos);
  CHECK(r.output.find("every cell works all of them") != std::string::npos);
  CHECK(r.output.find("estimated wall time: ") != std::string::npos);
}

}  // namespace versus::testing
