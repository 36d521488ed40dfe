// A table-size sweep end to end on the real releases: two sizes x InnoDB and MyISAM, cells
// over the instance's Unix socket (the servers run with skip_networking, so a TCP connection
// could not work), basedirs given with --server, MyISAM's run length from include[].
#include <catch2/catch.hpp>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
const char* kSweep =
    "servers: [{name: old}, {name: new}]\n"
    "profiles:\n"
    "  - { name: base, options: { innodb_buffer_pool_size: 64M, skip_networking: ON } }\n"
    "engines: [innodb, myisam]\n"
    "workloads: [oltp_read_only]\n"
    "threads: [1]\n"
    "table_size: [1000, 2000]\n"
    "warmup: 0s\n"
    "duration: 1s\n"
    "include: [{engine: myisam, max_requests: 300}]\n";

// Runs `matrix` with old = 10.11.18 and new = 10.11.19 into run_dir: it succeeds with 8 cells
// (2 servers x 2 engines x 2 sizes). `extra`: more arguments of `versus run`.
std::pair<CommandResult, std::optional<results::RunResults>> run_sweep(
    TempDir& tmp, const std::string& text, const fs::path& run_dir,
    const std::vector<std::string>& extra = {}) {
  auto matrix = tmp.write("sweep.yaml", text);
  std::vector<std::string> args{"run",      matrix.string(),
                                "--output", run_dir.string(),
                                "--server", "old=" + release_basedir("10.11.18").string(),
                                "--server", "new=" + release_basedir("10.11.19").string()};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = run_versus(args);
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 8);
  return {r, *results};
}

std::size_t count_lines_with(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) n += line.find(part) != std::string::npos;
  return n;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("a table-size sweep over the socket, with its size tables", "[integration][sweep]") {
  TempDir tmp;
  fs::path run_dir = tmp.path() / "run";
  const fs::path history = tmp.path() / "history.sqlite";
  auto [r, results] = run_sweep(tmp, kSweep, run_dir, {"--history", history.string()});
  // The history keeps the sizes apart: one series per size, each titled with it.
  auto shown = run_versus(
      {"history", "show", "--db", history.string(), "--server", "new", "--engine", "innodb"});
  CHECK(shown.exit_code == 0);
  CHECK(shown.output.find("oltp_read_only, innodb, new/base, 1 thread, 1000 rows: 1 run") !=
        std::string::npos);
  CHECK(shown.output.find("\noltp_read_only, innodb, new/base, 1 thread, 2000 rows: 1 run") !=
        std::string::npos);
  std::set<std::int64_t> sizes;
  for (const auto& c : results->cells) {
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.transport == "socket");
    CHECK(c.tables == 1);
    sizes.insert(c.table_size);
    CHECK(c.max_requests == (c.engine == "myisam" ? 300u : 0u));
    if (c.engine == "myisam") CHECK(c.counters.transactions <= 300);
  }
  CHECK(sizes == std::set<std::int64_t>{1000, 2000});
  // Thread tables per size, then the size table (rows = table sizes) per engine.
  CHECK(r.output.find("oltp_read_only, innodb, 1000 rows") != std::string::npos);
  CHECK(r.output.find("oltp_read_only, myisam, 2000 rows") != std::string::npos);
  CHECK(r.output.find("oltp_read_only, myisam, 1 thread") != std::string::npos);
  const std::string md = read_file(run_dir / "comparison.md");
  CHECK(md.find("| rows ") != std::string::npos);
  CHECK(md.find("| 2000 |") != std::string::npos);
  // tables, table_size, then the settings and retried errors columns.
  CHECK(read_file(run_dir / "comparison.csv").find(",1,2000,") != std::string::npos);
  // Data size per (server, profile, engine, size), from the files and from the server; the
  // bigger table takes more room, MyISAM's in .MYD and .MYI, InnoDB's in its .ibd.
  REQUIRE(results->data_sizes.size() == 8);
  for (const auto& d : results->data_sizes) {
    INFO(d.server << " " << d.engine << " " << d.table_size);
    CHECK(d.file_source == "files");
    CHECK(d.data_file_bytes > 0);
    CHECK(d.data_length > 0);
    CHECK((d.engine == "myisam") == (d.index_file_bytes > 0));
    if (d.engine == "myisam") CHECK(d.data_file_bytes == d.data_length);  // MyISAM's are exact
    for (const auto& other : results->data_sizes)
      if (other.server == d.server && other.engine == d.engine && other.table_size < d.table_size)
        CHECK(other.file_bytes() <= d.file_bytes());
  }
  CHECK(r.output.find("Data size, myisam, 1 table(s)") != std::string::npos);
  CHECK(md.find("Data size, innodb, 1 table(s)") != std::string::npos);
  CHECK(read_file(run_dir / "data_sizes.csv").find("old,base,myisam,1,2000,files,") !=
        std::string::npos);
  // One instance directory per (server, profile, engine, size); the installer ran once per
  // server (its other instances started from a copy), and that copy is gone after.
  CHECK(fs::exists(run_dir / "instances" / "old.base.myisam.s2000"));
  CHECK(count_lines_with(read_file(run_dir / "run.log"), "mariadb-install-db exited") == 2);
  CHECK_FALSE(fs::exists(run_dir / "instances" / "old.base.initialized"));
  CHECK(read_file(run_dir / "matrix.overrides").find("--server old=") == 0);
  CHECK(live_recorded_servers(run_dir).empty());
}

TEST_CASE("lifecycle: server: one server per release, instance by instance",
          "[integration][sweep]") {
  TempDir tmp;
  fs::path run_dir = tmp.path() / "run";
  auto [r, results] = run_sweep(tmp, std::string(kSweep) + "lifecycle: server\n", run_dir);
  // Run order: the old release's four instances, then the new one's (one start each).
  for (std::size_t i = 0; i < results->cells.size(); ++i) {
    const auto& c = results->cells[i];
    INFO("cell " << i);
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.server == (i < 4 ? "old" : "new"));
    CHECK(c.error_log == "logs/" + c.server + ".base.error.log");
    if (c.engine == "myisam") CHECK(c.counters.transactions <= 300);
  }
  CHECK(results->cells[0].table_size == 1000);
  CHECK(results->cells[1].table_size == 2000);
  CHECK(results->cells[2].engine == "myisam");
  // Each instance loaded into the running server, its sizes measured there: the same
  // figures a stopped server's files give (MyISAM's .MYD equals its DATA_LENGTH).
  REQUIRE(results->data_sizes.size() == 8);
  for (const auto& d : results->data_sizes) {
    INFO(d.server << " " << d.engine << " " << d.table_size);
    CHECK(d.file_source == "files");
    CHECK(d.data_file_bytes > 0);
    if (d.engine == "myisam") CHECK(d.data_file_bytes == d.data_length);
  }
  CHECK(fs::exists(run_dir / "logs" / "old.base.error.log"));
  CHECK(fs::exists(run_dir / "instances" / "new.base"));
  CHECK_FALSE(fs::exists(run_dir / "instances" / "new.base" / "data"));  // removed after
  CHECK(count_lines_with(read_file(run_dir / "run.log"), "mariadb-install-db exited") == 2);
  CHECK(live_recorded_servers(run_dir).empty());
}

TEST_CASE("transport: tcp against a server without networking fails its cells",
          "[integration][sweep]") {
  TempDir tmp;
  auto matrix = tmp.write("tcp.yaml", kSweep);
  fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string(), "--server",
                       "old=" + release_basedir("10.11.19").string(), "--server",
                       "new=" + release_basedir("10.11.19").string(), "--set", "transport=tcp",
                       "--set", "exclude=[{server: new}, {engine: myisam}, {table_size: 2000}]"});
  INFO(r.output);
  CHECK(r.exit_code == 3);  // the cell failed: 127.0.0.1 refuses connections
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 1);
  CHECK(results->cells[0].status == results::CellStatus::failed);
  CHECK_THAT(results->cells[0].error, Catch::Contains("127.0.0.1"));
  CHECK(live_recorded_servers(run_dir).empty());
}

}  // namespace versus::testing
