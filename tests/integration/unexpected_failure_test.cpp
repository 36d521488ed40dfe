// An unexpected failure (an exception from a library, a bug) inside a run or an agent, made
// by the test-only fault hook (util/test_fault.h): the servers are stopped by pid, results.json
// stays whole, the exit status is 4, and --resume runs the rest.
#include <unistd.h>

#include <boost/process.hpp>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "remote/agent_protocol.h"
#include "results/record/store.h"
#include "server/my_cnf.h"
#include "server/release.h"
#include "support.h"
#include "util/pid.h"

namespace versus::testing {
namespace fs = std::filesystem;
namespace bp = boost::process;
using namespace std::chrono_literals;

namespace {
CommandResult versus_with_fault(const std::string& fault, std::vector<std::string> args) {
  args.insert(args.begin(), {"VERSUS_TEST_FAULT=" + fault, VERSUS_BINARY});
  return run_command("/usr/bin/env", args);
}

std::size_t recorded_cells(const fs::path& run) {
  auto r = results::load_results(run / "results.json");
  REQUIRE(r);  // whole and readable
  for (const auto& c : r->cells) CHECK(c.status == results::CellStatus::ok);
  return r->cells.size();
}
}  // namespace

TEST_CASE("an unexpected failure in a cell stops its servers, exits 4, and --resume runs the rest",
          "[integration]") {
  // "cell@2": an exception in the run's own thread, caught by the run; "cell-thread@2": one
  // on another thread, which only the terminate handler sees.
  for (const std::string fault : {"cell@2", "cell-thread@2"}) {
    INFO("VERSUS_TEST_FAULT=" << fault);
    TempDir tmp;
    auto matrix = tmp.write("m.yaml", one_release_matrix("[1, 2]", "2s"));
    const fs::path run = tmp.path() / "run";
    // --no-cache: the instance is prepared here, so its server is among those stopped.
    auto failed = versus_with_fault(
        fault, {"run", matrix.string(), "--output", run.string(), "--no-cache"});
    INFO(failed.output);
    CHECK(failed.exit_code == 4);
    CHECK(failed.output.find("unexpected failure: injected test fault at cell") !=
          std::string::npos);
    CHECK(recorded_servers(run).size() == 3);  // the instance's, cell 1's, cell 2's
    CHECK(live_recorded_servers(run).empty());
    CHECK(recorded_cells(run) == 1);
    auto resumed = run_versus({"run", "--resume", run.string()});
    INFO(resumed.output);
    CHECK(resumed.exit_code == 0);
    CHECK(recorded_cells(run) == 2);
    CHECK(live_recorded_servers(run).empty());
  }
}

namespace {
// `versus agent` on this machine, fed requests on its input.
struct LocalAgent {
  bp::opstream in;
  bp::ipstream out;
  bp::child child;
  explicit LocalAgent(const fs::path& workdir)
      : child(VERSUS_BINARY, bp::args({"agent", "--workdir", workdir.string()}),
              bp::std_in<in, bp::std_out> out, bp::std_err > bp::null,
              bp::env["VERSUS_TEST_FAULT"] = "agent-start") {}
  nlohmann::json call(const nlohmann::json& request) {
    in << request.dump() << std::endl;
    std::string line;
    if (!std::getline(out, line)) return nullptr;  // the agent ended
    return nlohmann::json::parse(line);
  }
};
}  // namespace

TEST_CASE("an unexpected failure in versus agent stops the servers it started and exits 4",
          "[integration]") {
  TempDir tmp;
  const fs::path work = tmp.path() / "work", dir = work / "run" / "instances" / "solo";
  auto release = server::detect_release(release_basedir("10.11.19"));
  REQUIRE(release);
  LocalAgent agent(work);
  auto claimed = agent.call({{"op", "claim"}, {"run_dir", (work / "run").string()}});
  REQUIRE(claimed.value("ok", false));
  auto port = agent.call({{"op", "prepare_dir"}, {"dir", dir.string()}, {"port", 0}});
  REQUIRE(port.value("ok", false));
  const auto paths = server::InstancePaths::under(dir, port.value("port", 0u));
  auto cnf = server::render_my_cnf({*release, paths, ::geteuid() == 0, "solo", {}, {}});
  REQUIRE(cnf);
  const auto where = nlohmann::json{{"dir", dir.string()}, {"port", paths.port}};
  auto with = [&](nlohmann::json r) { return r.update(where), r; };
  REQUIRE(agent.call(with({{"op", "prepare_dir"}, {"my_cnf", *cnf}})).value("ok", false));
  const auto rel = remote::agent::release_json(*release);
  REQUIRE(agent.call(with({{"op", "initialize"}, {"release", rel}})).value("ok", false));
  // The fault fires right after the start: no reply, the agent ends.
  CHECK(agent.call(with({{"op", "start"}, {"release", rel}, {"id", "solo"}})).is_null());
  // Polled, not child.wait_for: Boost 1.74's wait_for waited its whole 60 s here although the
  // agent had exited at once.
  REQUIRE(wait_until([&] { return !agent.child.running(); }, 60s));
  CHECK(agent.child.exit_code() == 4);
  const auto started = recorded_servers(work / "run");
  REQUIRE(started.size() == 1);
  CHECK_FALSE(process_alive(started[0].first));
  CHECK_FALSE(process_alive(started[0].second));
}

}  // namespace versus::testing
