// End to end on the real releases: `versus run` over a tiny matrix.
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
std::string two_release_matrix(const std::string& extra_profile = "",
                               const std::string& threads = "[1, 2]") {
  return "servers:\n"
         "  - { name: old, basedir: " +
         release_basedir("10.11.18").string() +
         " }\n"
         "  - { name: new, basedir: " +
         release_basedir("10.11.19").string() +
         " }\n"
         "profiles:\n"
         "  - { name: base, options: { innodb_buffer_pool_size: 64M } }\n" +
         extra_profile + "threads: " + threads +
         "\n"
         "table_size: 2000\n"
         "warmup: 1s\n"
         "duration: 2s\n";
}
// run.log: every command versus ran with its argument vector, server starts and stops with
// pids and ports, timings; never the benchmark account's password (random per run).
void check_run_log(const fs::path& run_dir) {
  std::ifstream log_in(run_dir / "run.log"), secret_in(run_dir / "client.cnf");
  std::stringstream log_text, secret_text;
  log_text << log_in.rdbuf();
  secret_text << secret_in.rdbuf();
  const std::string log = log_text.str(), secret = secret_text.str();
  INFO(log);
  const auto at = secret.find("password=");
  REQUIRE(at != std::string::npos);
  const std::string password = secret.substr(at + 9, secret.find('\n', at) - at - 9);
  REQUIRE(password.size() == 24);
  CHECK(log.find(password) == std::string::npos);
  for (const char* event :
       {"/bin/mariadb-install-db --defaults-file=", "exited with status 0 after",
        "server start: ", "/bin/mysqld_safe --defaults-file=", "server ready: pid ",
        "server stop: SIGTERM to pid ", "server stopped: pid ",
        "instance old / base / innodb: initialized", "cell 4: ok after ", "4 cells recorded"})
    CHECK(log.find(event) != std::string::npos);
}
}  // namespace

TEST_CASE("versus run compares two real releases end to end", "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("matrix.yaml", two_release_matrix());
  fs::path run_dir = tmp.path() / "run";
  // --no-cache: run.log shows the instances' preparation (check_run_log).
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string(), "--no-cache"});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);

  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 4);
  std::set<std::string> versions;
  for (const auto& c : results->cells) {
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.tps > 0);
    CHECK(c.counters.transactions > 0);
    CHECK(c.latency.p95 >= c.latency.min);
    CHECK(c.latency.max >= c.latency.p95);
    CHECK(c.my_cnf.find("innodb_buffer_pool_size=64M") != std::string::npos);
    CHECK(fs::exists(run_dir / c.error_log));
    versions.insert(c.server_version);
  }
  CHECK(versions ==
        std::set<std::string>{"10.11.18-MariaDB-0+deb12u1", "10.11.19-MariaDB-0+deb12u1"});
  // The table on stdout has both columns, and the report files exist.
  CHECK(r.output.find("old/base") != std::string::npos);
  CHECK(r.output.find("new/base") != std::string::npos);
  for (const char* f : {"comparison.md", "comparison.csv", "comparison.json", "report.html"})
    CHECK(fs::exists(run_dir / f));
  CHECK(r.output.find("versus: report: " + (run_dir / "report.html").string()) !=
        std::string::npos);
  // Every server the run started is gone, checked by the pids it recorded.
  REQUIRE(fs::exists(run_dir / "servers.pids"));
  CHECK(live_recorded_servers(run_dir).empty());
  check_run_log(run_dir);
  // Quiet by default: the progress and the table, none of the log's events.
  CHECK(r.output.find("server start:") == std::string::npos);
}

TEST_CASE("a profile the release rejects fails its cells and the rest still runs",
          "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write(
      "matrix.yaml",
      two_release_matrix("  - { name: broken, options: { no_such_server_option: 1 } }\n", "[1]"));
  fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string(), "-q"});
  INFO(r.output);
  CHECK(r.exit_code == 3);  // some cells failed
  // -q: the failures and the table, no progress of the cells that went well.
  CHECK(r.output.find("initializing the datadir") == std::string::npos);
  CHECK(r.output.find("] old / base / innodb") == std::string::npos);
  CHECK(r.output.find("FAILED: ") != std::string::npos);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 4);
  std::size_t complaints = 0;
  for (auto p = r.output.find("unknown variable 'no_such_server_option"); p != std::string::npos;
       p = r.output.find("unknown variable 'no_such_server_option", p + 1))
    ++complaints;
  CHECK(complaints == 2);  // old/broken and new/broken, each once
  for (const auto& c : results->cells) {
    if (c.profile == "broken") {
      CHECK(c.status == results::CellStatus::failed);
      // The cell names the step; the server's own complaint is printed once per instance.
      CHECK_THAT(c.error, Catch::StartsWith("not run: its instance could not be prepared: "
                                            "initializing "));
    } else {
      CHECK(c.status == results::CellStatus::ok);
    }
  }
  CHECK(live_recorded_servers(run_dir).empty());
}

TEST_CASE("a bad matrix starts nothing and names file, line and key", "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("bad.yaml", two_release_matrix() + "thread: [4]\n");
  fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string()});
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("bad.yaml:10") != std::string::npos);
  CHECK(r.output.find("did you mean 'threads'") != std::string::npos);
  CHECK_FALSE(fs::exists(run_dir));
}

TEST_CASE("versus plan prints the expanded matrix and starts nothing", "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("matrix.yaml", two_release_matrix());
  auto r = run_versus({"plan", matrix.string()});
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("4 cells") != std::string::npos);
  CHECK(r.output.find("estimated wall time") != std::string::npos);
}

}  // namespace versus::testing
