// A server that stops answering, on the real release: SIGSTOP to its mariadbd while a cell warms
// up or measures, or while an instance loads, never resumed (the watchdog ends the step, the run
// goes on and ends by itself with exit 3), resumed after a few seconds (a stall, recorded and
// named), and with a SIGINT to versus on top (exit 130 within the documented bound). Runs pass
// --no-cache so every instance is loaded here: line 1 of servers.pids is the instance's server,
// line n + 1 the n-th cell's.
#include <signal.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <thread>

#include "results/record/store.h"
#include "support.h"
#include "util/pid.h"
#include "util/whole_file.h"

namespace versus::testing {
namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {
// Two cells, 2 and 4 threads, of 6 s; `extra` adds keys, stall_timeout among them.
std::string matrix(const std::string& extra) {
  return one_release_matrix("[2, 4]", "6s") + extra;
}

// The server pid of servers.pids line `line` (1-based), once it is there.
int server_of_line(const fs::path& run, std::size_t line) {
  REQUIRE(wait_until([&] { return recorded_servers(run).size() >= line; }, 120s));
  return recorded_servers(run).at(line - 1).second;
}

bool log_has(const fs::path& run, const std::string& text) {
  return read_whole_file(run / "run.log").value_or("").find(text) != std::string::npos;
}

// Once the n-th server of the run (the instance's is the first) accepts connections.
bool ready(const fs::path& run, std::size_t n) {
  const std::string log = read_whole_file(run / "run.log").value_or("");
  std::size_t count = 0;
  for (auto at = log.find("server ready"); at != std::string::npos; at = log.find("server ready", at + 1))
    ++count;
  return count >= n;
}

results::RunResults load(const fs::path& run) {
  auto r = results::load_results(run / "results.json");
  REQUIRE(r);
  return *r;
}

// Stops `server`, a mariadbd, with SIGSTOP (and so never lets it answer again).
void stop_server(int server) {
  REQUIRE(process_name(server) == "mariadbd");
  REQUIRE(::kill(server, SIGSTOP) == 0);
}

// The first cell's record after its server was stopped: unresponsive, with the stopped process
// named; the second cell ran on a fresh server and is ok; exit 3; nothing left running.
void check_first_unresponsive(BackgroundVersus& v, const fs::path& run, int server) {
  const int code = v.wait(180s);
  INFO(v.output());
  CHECK(code == 3);
  CHECK(v.output().find("1 unresponsive") != std::string::npos);
  const auto r = load(run);
  REQUIRE(r.cells.size() == 2);
  CHECK(r.cells[0].status == results::CellStatus::unresponsive);
  CHECK(r.cells[0].error.find("the server stopped answering") != std::string::npos);
  CHECK(r.cells[0].diagnosis.find("pid " + std::to_string(server) + ", state T (stopped)") !=
        std::string::npos);
  CHECK(r.cells[0].diagnosis.find("== the error log ends") != std::string::npos);
  CHECK(r.cells[1].status == results::CellStatus::ok);
  CHECK_FALSE(process_alive(server));
  CHECK(live_recorded_servers(run).empty());
}
}  // namespace

TEST_CASE("a server stopped mid-measurement ends its cell as unresponsive and the run goes on",
          "[integration]") {
  TempDir tmp;
  const fs::path run = tmp.path() / "run";
  BackgroundVersus v({"run", tmp.write("m.yaml", matrix("stall_timeout: 5s\n")).string(), "-o", run.string(),
                      "--no-cache"});
  const int server = server_of_line(run, 2);
  REQUIRE(wait_until([&] { return ready(run, 2); }, 60s));
  std::this_thread::sleep_for(2s);
  stop_server(server);
  const auto stopped = Clock::now();
  // Ended within stall_timeout (5 s) + the diagnosis' deadlines (3 s each) + a second of ticks.
  REQUIRE(wait_until([&] { return log_has(run, "cell 2 ("); }, 60s));
  const auto ended = Clock::now() - stopped;
  CHECK(ended < 15s);
  INFO("from SIGSTOP to the next cell: " << std::chrono::duration<double>(ended).count() << " s");
  check_first_unresponsive(v, run, server);
}

TEST_CASE("lifecycle: server: an unresponsive server is killed, its remaining cells not run",
          "[integration]") {
  TempDir tmp;
  const fs::path run = tmp.path() / "run";
  BackgroundVersus v({"run",
                      tmp.write("m.yaml", matrix("stall_timeout: 5s\nlifecycle: server\n")).string(),
                      "-o", run.string(), "--no-cache"});
  const int server = server_of_line(run, 1);  // one server for both cells
  REQUIRE(wait_until([&] { return log_has(run, "cell 1 ("); }, 60s));
  std::this_thread::sleep_for(2s);
  stop_server(server);
  const int code = v.wait(120s);
  INFO(v.output());
  CHECK(code == 3);
  const auto r = load(run);
  REQUIRE(r.cells.size() == 2);
  CHECK(r.cells[0].status == results::CellStatus::unresponsive);
  CHECK(r.cells[1].status == results::CellStatus::failed);
  CHECK(r.cells[1].error == "not run: the server stopped answering in cell 1");
  CHECK_FALSE(process_alive(server));
  CHECK(live_recorded_servers(run).empty());
}

TEST_CASE("a server stopped in the warmup ends its cell as unresponsive", "[integration]") {
  TempDir tmp;
  const fs::path run = tmp.path() / "run";
  std::string text = matrix("stall_timeout: 5s\n");
  text.replace(text.find("warmup: 0s"), 10, "warmup: 8s");
  BackgroundVersus v({"run", tmp.write("m.yaml", text).string(), "-o", run.string(), "--no-cache"});
  const int server = server_of_line(run, 2);
  REQUIRE(wait_until([&] { return ready(run, 2); }, 60s));
  std::this_thread::sleep_for(1s);
  stop_server(server);
  check_first_unresponsive(v, run, server);
  CHECK(load(run).cells[0].error.find("no session got an answer") != std::string::npos);
}

TEST_CASE("a server stopped while its instance loads fails the instance, the run ends by itself",
          "[integration]") {
  TempDir tmp;
  const fs::path run = tmp.path() / "run";
  const std::string text = "servers:\n  - { name: solo, basedir: " +
                           release_basedir("10.11.19").string() +
                           " }\nthreads: [2]\ntables: 4\ntable_size: 400000\nwarmup: 0s\n"
                           "duration: 3s\nstall_timeout: 3s\n";
  BackgroundVersus v({"run", tmp.write("m.yaml", text).string(), "-o", run.string(), "--no-cache"});
  const int server = server_of_line(run, 1);
  REQUIRE(wait_until([&] { return ready(run, 1); }, 60s));
  std::this_thread::sleep_for(500ms);  // in the load: 4 x 400,000 rows take several seconds
  REQUIRE_FALSE(log_has(run, "initialized and loaded"));
  stop_server(server);
  const int code = v.wait(120s);
  INFO(v.output());
  CHECK(code == 3);
  const auto r = load(run);
  REQUIRE(r.cells.size() == 1);
  CHECK(r.cells[0].status == results::CellStatus::failed);
  CHECK(r.cells[0].error.find("not run: its instance could not be prepared") != std::string::npos);
  CHECK(log_has(run, "stayed in state T (stopped)"));
  CHECK_FALSE(process_alive(server));
  CHECK(live_recorded_servers(run).empty());
}

TEST_CASE("SIGINT to versus while its server is stopped: exit 130 within 15 s, nothing left",
          "[integration]") {
  TempDir tmp;
  const fs::path run = tmp.path() / "run";
  BackgroundVersus v({"run", tmp.write("m.yaml", matrix("stall_timeout: 120s\n")).string(),
                      "-o", run.string(), "--no-cache"});
  const int server = server_of_line(run, 2);
  REQUIRE(wait_until([&] { return ready(run, 2); }, 60s));
  std::this_thread::sleep_for(2s);
  stop_server(server);
  std::this_thread::sleep_for(1s);
  const auto signalled = Clock::now();
  ::kill(v.pid(), SIGINT);
  const int code = v.wait(60s);
  const auto took = Clock::now() - signalled;
  INFO(v.output());
  INFO("from SIGINT to exit: " << std::chrono::duration<double>(took).count() << " s");
  CHECK(code == 130);
  CHECK(took < 15s);
  CHECK(load(run).cells.empty());  // the cut-short cell is not a result: --resume runs it
  REQUIRE(wait_until([&] { return !process_alive(server); }, 5s));
  CHECK(live_recorded_servers(run).empty());
}

TEST_CASE("a server stopped for a few seconds, then resumed: the stall is recorded and named",
          "[integration]") {
  TempDir tmp;
  const fs::path run = tmp.path() / "run";
  // interference_limit 100: the cell is never set aside as disturbed (a disturbed run's
  // stalls are the host's, not named), whatever runs beside this test.
  const std::string text =
      one_release_matrix("[2]", "8s") + "stall_timeout: 30s\ninterference_limit: 100\n";
  BackgroundVersus v({"run", tmp.write("m.yaml", text).string(), "-o", run.string(), "--no-cache"});
  const int server = server_of_line(run, 2);
  REQUIRE(wait_until([&] { return ready(run, 2); }, 60s));
  std::this_thread::sleep_for(3s);
  stop_server(server);
  std::this_thread::sleep_for(3s);
  ::kill(server, SIGCONT);
  const int code = v.wait(120s);
  INFO(v.output());
  CHECK(code == 0);
  const auto r = load(run);
  REQUIRE(r.cells.size() == 1);
  CHECK(r.cells[0].status == results::CellStatus::ok);
  REQUIRE(r.cells[0].stalls.size() == 1);
  CHECK(r.cells[0].stalls[0].seconds == Approx(3.0).margin(0.6));
  CHECK(r.cells[0].stalls[0].start_s > 0);
  CHECK(r.cells[0].stalls[0].start_s < 8);
  const std::string md = read_whole_file(run / "comparison.md").value_or("");
  CHECK(md.find("stalls: solo/base at 2 threads: 1 in 1 of 1 rounds") != std::string::npos);
  CHECK(live_recorded_servers(run).empty());
}

}  // namespace versus::testing
