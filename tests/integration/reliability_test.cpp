// What goes wrong during a run, on the real releases: a server killed under load, versus
// interrupted by a signal or killed outright (then resumed), and secrets in argv. Runs pass
// --no-cache: servers are told apart by the order they started in, the instance's first.
#include <signal.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <thread>

#include "results/record/store.h"
#include "support.h"
#include "util/pid.h"

namespace versus::testing {
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {
// True once the run has started the server of its n-th cell (line n+1 of servers.pids:
// the first line is the instance's preparation).
bool cell_server_started(const fs::path& run_dir, std::size_t n) {
  return recorded_servers(run_dir).size() >= n + 1;
}

results::RunResults load(const fs::path& run_dir) {
  auto r = results::load_results(run_dir / "results.json");
  REQUIRE(r);
  return *r;
}

// Kills the server `server` (a mariadbd) under load, waits for versus: it exits 3 (a cell
// crashed) with two cells recorded, the first crashed.
results::RunResults crash_first_cell(BackgroundVersus& v, const fs::path& run, int server) {
  REQUIRE(process_name(server) == "mariadbd");
  ::kill(server, SIGKILL);
  int code = v.wait();
  INFO(v.output());
  CHECK(code == 3);
  auto r = load(run);
  REQUIRE(r.cells.size() == 2);
  CHECK(r.cells[0].status == results::CellStatus::crashed);
  return r;
}
}  // namespace

TEST_CASE("a server killed under load marks its cell crashed and the run goes on",
          "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("m.yaml", one_release_matrix("[1, 2]", "5s"));
  fs::path run = tmp.path() / "run";
  BackgroundVersus v({"run", matrix.string(), "--output", run.string(), "--no-cache"});
  REQUIRE(wait_until([&] { return cell_server_started(run, 1); }, 60s));
  std::this_thread::sleep_for(1500ms);
  auto r = crash_first_cell(v, run, recorded_servers(run).at(1).second);
  CHECK(r.cells[0].error.find("died under load") != std::string::npos);
  CHECK(r.cells[1].status == results::CellStatus::ok);
  CHECK(v.output().find("1 crashed") != std::string::npos);
  CHECK(live_recorded_servers(run).empty());
}

TEST_CASE("lifecycle: server: a crash fails the server's remaining cells, nothing is left",
          "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("m.yaml", one_release_matrix("[1, 2]", "4s") + "lifecycle: server\n");
  fs::path run = tmp.path() / "run";
  BackgroundVersus v({"run", matrix.string(), "--output", run.string(), "--no-cache"});
  auto measuring = [&] {
    std::ifstream log(run / "run.log");
    std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    return text.find("cell 1 (") != std::string::npos;
  };
  REQUIRE(wait_until(measuring, 60s));
  std::this_thread::sleep_for(1500ms);
  REQUIRE(recorded_servers(run).size() == 1);  // one server for both cells
  auto r = crash_first_cell(v, run, recorded_servers(run).at(0).second);
  CHECK(r.cells[1].status == results::CellStatus::failed);
  CHECK(r.cells[1].error == "not run: the server crashed in cell 1");
  CHECK(live_recorded_servers(run).empty());
}

TEST_CASE("SIGINT and SIGTERM stop the run, its servers and keep what is complete",
          "[integration]") {
  for (int sig : {SIGINT, SIGTERM}) {
    INFO("signal " << sig);
    TempDir tmp;
    auto matrix = tmp.write("m.yaml", one_release_matrix("[1, 2, 4]", "3s"));
    fs::path run = tmp.path() / "run";
    BackgroundVersus v({"run", matrix.string(), "--output", run.string(), "--no-cache"});
    REQUIRE(wait_until([&] { return cell_server_started(run, 2); }, 90s));
    std::this_thread::sleep_for(1000ms);
    auto signalled = std::chrono::steady_clock::now();
    ::kill(v.pid(), sig);
    int code = v.wait(60s);
    INFO(v.output());
    CHECK(code == 128 + sig);
    CHECK(std::chrono::steady_clock::now() - signalled < 15s);
    auto r = load(run);
    REQUIRE(r.cells.size() == 1);  // the first cell; the interrupted one is not a result
    CHECK(r.cells[0].status == results::CellStatus::ok);
    CHECK(live_recorded_servers(run).empty());
  }
}

TEST_CASE("after kill -9 of versus, --resume stops its servers and runs only the missing cells",
          "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("m.yaml", one_release_matrix("[1, 2]", "3s"));
  fs::path run = tmp.path() / "run";
  {
    BackgroundVersus v({"run", matrix.string(), "--output", run.string(), "--no-cache"});
    REQUIRE(wait_until([&] { return cell_server_started(run, 2); }, 90s));
    std::this_thread::sleep_for(1000ms);
    ::kill(v.pid(), SIGKILL);
    v.wait();
  }
  auto left = live_recorded_servers(run);
  CHECK_FALSE(left.empty());  // the killed run left its server (and mysqld_safe) running
  auto resumed = run_versus({"run", "--resume", run.string()});
  INFO(resumed.output);
  CHECK(resumed.exit_code == 0);
  CHECK(resumed.output.find("resume: ") != std::string::npos);
  for (int pid : left) CHECK_FALSE(process_alive(pid));
  auto r = load(run);
  REQUIRE(r.cells.size() == 2);
  CHECK(r.cells[0].threads == 1);
  CHECK(r.cells[1].threads == 2);
  for (const auto& c : r.cells) CHECK(c.status == results::CellStatus::ok);
  CHECK(live_recorded_servers(run).empty());
}

TEST_CASE("the benchmark password never appears in a process's argv", "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("m.yaml", one_release_matrix("[1]", "3s"));
  fs::path run = tmp.path() / "run";
  BackgroundVersus v({"run", matrix.string(), "--output", run.string(), "--no-cache"});
  REQUIRE(wait_until([&] { return cell_server_started(run, 1); }, 60s));
  std::ifstream secret(run / "client.cnf");
  std::string line, password;
  while (std::getline(secret, line))
    if (line.rfind("password=", 0) == 0) password = line.substr(9);
  REQUIRE(password.size() == 24);
  CHECK((fs::status(run / "client.cnf").permissions() & fs::perms::group_all) == fs::perms::none);
  CHECK((fs::status(run).permissions() & fs::perms::others_all) == fs::perms::none);
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    CHECK(process_cmdline(std::stoi(name)).find(password) == std::string::npos);
  }
  CHECK(v.wait() == 0);
  CHECK(v.output().find(password) == std::string::npos);
}

}  // namespace versus::testing

namespace versus::testing {

// The releases' own shell scripts (mysqld_safe, mariadb-install-db) word-split their
// arguments, so such a run directory is refused up front; nothing is ever run by a shell.
TEST_CASE("a run directory with spaces or shell metacharacters is refused before anything runs",
          "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("m.yaml", one_release_matrix("[1]", "1s"));
  fs::path run = tmp.path() / "a run; $(touch pwned) `x` 'q'";
  auto r = run_versus({"run", matrix.string(), "--output", run.string()});
  INFO(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("shell scripts") != std::string::npos);
  CHECK_FALSE(fs::exists(run));
  CHECK_FALSE(fs::exists(fs::path(VERSUS_SOURCE_DIR) / "pwned"));
  CHECK_FALSE(fs::exists(tmp.path() / "pwned"));
}

TEST_CASE("a matrix whose own path has spaces works", "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("my matrices/m $1.yaml", one_release_matrix("[1]", "1s"));
  auto r = run_versus({"run", matrix.string(), "--output", (tmp.path() / "run").string()});
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(live_recorded_servers(tmp.path() / "run").empty());
}

TEST_CASE("an output directory that cannot be created starts nothing", "[integration]") {
  TempDir tmp;
  auto matrix = tmp.write("m.yaml", one_release_matrix("[1]", "1s"));
  auto blocker = tmp.write("not-a-dir", "a file where the run directory's parent should be");
  auto r = run_versus({"run", matrix.string(), "--output", (blocker / "run").string()});
  INFO(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("cannot create the run directory") != std::string::npos);
}

}  // namespace versus::testing
