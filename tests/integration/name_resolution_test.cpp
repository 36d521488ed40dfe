// Never depend on name resolution (issue 14 part 7): the quickstart's matrix, shortened,
// in a mount namespace whose /etc/hosts is an empty file, where even "localhost" does not
// resolve (resolveip fails: checked first, or the test proves nothing).
#include <catch2/catch.hpp>
#include <filesystem>

#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
std::string quickstart_short() {
  const fs::path src = VERSUS_SOURCE_DIR;
  return "servers:\n"
         "  - { name: mariadb-10.11.18, basedir: " +
         release_basedir("10.11.18").string() +
         " }\n"
         "  - { name: mariadb-10.11.19, basedir: " +
         release_basedir("10.11.19").string() +
         " }\n"
         "profiles:\n"
         "  - { name: ps-off, files: [" +
         (src / "profiles/perf-schema-off.cnf").string() +
         "] }\n"
         "  - { name: ps-on,  files: [" +
         (src / "profiles/perf-schema-on.cnf").string() +
         "] }\n"
         "engines: [innodb]\n"
         "workloads: [oltp_read_write]\n"
         "threads: [1, 4]\n"
         "table_size: 1000\n"
         "warmup: 0s\n"
         "duration: 1s\n";
}

// `sh -c script` in a new mount namespace with an empty file bound over /etc/hosts.
CommandResult without_hosts(const TempDir& tmp, const std::string& script) {
  auto hosts = tmp.write("empty-hosts", "");
  return run_command(
      "/usr/bin/unshare",
      {"-m", "sh", "-c", "mount --bind " + hosts.string() + " /etc/hosts && " + script});
}
}  // namespace

TEST_CASE("the quickstart runs in a root where no name resolves", "[integration][names]") {
  TempDir tmp;
  const auto resolveip = release_basedir("10.11.19") / "bin/resolveip";
  auto probe = without_hosts(tmp, resolveip.string() + " localhost");
  INFO(probe.output);
  REQUIRE(probe.exit_code != 0);  // the namespace really has no localhost

  auto matrix = tmp.write("matrix.yaml", quickstart_short());
  fs::path run_dir = tmp.path() / "run";
  auto r = without_hosts(tmp, std::string(VERSUS_BINARY) + " run " + matrix.string() +
                                  " --output " + run_dir.string());
  INFO(r.output);
  CHECK(r.exit_code == 0);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  CHECK(results->cells.size() == 8);
  for (const auto& c : results->cells) {
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.my_cnf.find("\nskip-name-resolve\n") != std::string::npos);
  }
  CHECK(live_recorded_servers(run_dir).empty());
}

TEST_CASE("an instance that cannot be initialized fails its cells with one message",
          "[integration][names]") {
  TempDir tmp;
  // A profile the initializer's bootstrap server refuses: the instance fails to initialize.
  auto matrix =
      tmp.write("matrix.yaml",
                "servers:\n  - { name: solo, basedir: " + release_basedir("10.11.19").string() +
                    " }\nprofiles:\n  - { name: bad, options: { no_such_option: 1 } }\n"
                    "threads: [1, 2, 4]\ntable_size: 1000\nwarmup: 0s\nduration: 1s\n");
  fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string()});
  INFO(r.output);
  CHECK(r.exit_code == 3);
  // The server's complaint appears once, not once per cell.
  std::size_t n = 0;
  for (auto p = r.output.find("no_such_option"); p != std::string::npos;
       p = r.output.find("no_such_option", p + 1))
    ++n;
  CHECK(n == 1);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 3);
  for (const auto& c : results->cells) {
    CHECK(c.status == results::CellStatus::failed);
    CHECK_THAT(c.error, Catch::StartsWith("not run: its instance could not be prepared: "));
  }
}

}  // namespace versus::testing
