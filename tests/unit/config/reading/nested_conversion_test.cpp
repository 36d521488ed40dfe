#include "config/reading/nested_conversion.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "config/reading/matrix_parser.h"

namespace fs = std::filesystem;
using versus::config::parse_matrix_file;
using versus::sysbench::Workload;

namespace {

// A matrix directory with a workload file beside it, and a server basedir.
struct Dir {
  fs::path root = fs::temp_directory_path() / ("versus-nested-" + std::to_string(::getpid()));
  Dir() {
    fs::create_directories(root / "apps");
    std::ofstream(root / "apps/shop.yaml")
        << "transactions: [{name: t, statements: [{name: s, sql: SELECT 1}]}]\n";
    std::ofstream(root / "apps/bad.yaml") << "transactions: [{name: t, statements: []}]\n";
    std::ofstream(root / "apps/oltp.yaml")
        << "name: oltp_read_only\ntransactions: [{name: t, statements: [{name: s, sql: SELECT 1}]}]\n";
  }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  // Parses a matrix in the directory whose workloads are `workloads`.
  versus::Expected<versus::config::Plan> matrix(const std::string& workloads) const {
    std::ofstream(root / "m.yaml") << "servers: [{name: a, basedir: " << root.string()
                                   << "}]\nworkloads: " << workloads << "\n";
    return parse_matrix_file(root / "m.yaml");
  }
};

}  // namespace

TEST_CASE("workloads: built-in names and workload files", "[config][nested_conversion]") {
  const Dir dir;
  auto plan = dir.matrix("[oltp_read_write, {file: apps/shop.yaml}]");
  if (!plan) FAIL(plan.error().message);
  REQUIRE(plan->workloads == std::vector<Workload>{Workload::oltp_read_write, Workload::custom});
  REQUIRE(plan->workload_files.size() == 2);
  CHECK(plan->workload_files[0] == nullptr);
  REQUIRE(plan->workload_files[1] != nullptr);
  CHECK(plan->workload_files[1]->name == "shop");
  CHECK(plan->workload_files[1]->source == "apps/shop.yaml");
  CHECK(versus::config::workload_label(*plan, 1) == "shop");
  CHECK(versus::config::workload_label(*plan, 0) == "oltp_read_write");
}

TEST_CASE("exclude: a workload file's workload by its name", "[config][nested_conversion]") {
  const Dir dir;
  auto plan =
      dir.matrix("[oltp_read_write, {file: apps/shop.yaml}]\nexclude:\n  - {workload: shop}");
  if (!plan) FAIL(plan.error().message);
  const auto cells = versus::config::expand_cells(*plan);
  REQUIRE_FALSE(cells.empty());
  for (const auto& c : cells)
    CHECK(versus::config::workload_label(*plan, c.workload) == "oltp_read_write");
  const std::string m = (dir.root / "m.yaml").string();
  CHECK(dir.matrix("[oltp_read_write, {file: apps/shop.yaml}]\nexclude:\n  - {workload: shp}")
            .error()
            .message == m + ":4: exclude[0]: matches no cell: workload shp is not one of the "
                            "plan's (oltp_read_write, shop)");
}

TEST_CASE("workloads: errors of the list and of its files", "[config][nested_conversion]") {
  const Dir dir;
  const std::string m = (dir.root / "m.yaml").string();
  CHECK(dir.matrix("[{file: apps/none.yaml}]").error().message ==
        m + ":2: workloads[0].file: workload file 'apps/none.yaml':\napps/none.yaml: cannot "
            "read: " + (dir.root / "apps/none.yaml").string() + ": cannot open: No such file or directory");
  CHECK(dir.matrix("[{file: apps/bad.yaml}]").error().message ==
        m + ":2: workloads[0].file: workload file 'apps/bad.yaml':\napps/bad.yaml:1: "
            "transactions[0].statements: expected a non-empty list of maps, got an empty list");
  CHECK(dir.matrix("[{file: apps/oltp.yaml}]").error().message ==
        m + ":2: workloads[0].file: expected a workload file whose name is not a built-in "
            "workload's nor a replay's, got 'apps/oltp.yaml' named 'oltp_read_only'");
  CHECK(dir.matrix("[{file: apps/shop.yaml}, {file: apps/shop.yaml}]").error().message ==
        m + ":2: workloads[1]: duplicate value 'shop' (same as workloads[0])");
  CHECK(dir.matrix("[{path: apps/shop.yaml}]").error().message ==
        m + ":2: workloads[0]: expected a map {file: PATH} or {replay: LOG, ...}, got a map");
  CHECK(dir.matrix("[oltp_read_wirte]").error().message.find(
            "got 'oltp_read_wirte' (did you mean 'oltp_read_write'?)") != std::string::npos);
}
