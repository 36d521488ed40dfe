// A matrix whose servers run on another host: the test's namespace host (db_host.h), reached
// over ssh, with nothing of the client's visible there. End to end, after SIGINT, after the
// ssh connection is killed, and each error a user meets first.
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "db_host.h"
#include "results/record/store.h"
#include "support.h"
#include "util/pid.h"

namespace versus::testing {
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// Servers a (10.11.18) and b (10.11.19, or `basedir_b`, with `b_keys`) on the host.
std::string matrix(const DbHost& host, const std::string& duration, const std::string& extra = "",
                   const std::string& basedir_b = "", const std::string& b_keys = "") {
  const std::string b = basedir_b.empty() ? release_basedir("10.11.19").string() : basedir_b;
  return host.hosts_yaml() + "servers:\n  - {name: a, basedir: " +
         release_basedir("10.11.18").string() + ", host: db1}\n  - {name: b, basedir: " + b +
         ", host: db1" + b_keys + "}\nworkloads: [oltp_read_only]\nthreads: [2]\nwarmup: 1s\nduration: " +
         duration + "\nrepeats: 2\ninterference_limit: 100\n" + extra;
}

// Nothing of the run left on the host: its sessions end a moment after the connection does.
void require_nothing_left(const DbHost& host) {
  const bool clean = wait_until([&] { return host.leftovers().empty(); }, 30s);
  std::string left;
  for (int pid : host.leftovers()) left += std::to_string(pid) + " " + process_cmdline(pid) + "\n";
  INFO("left on the host:\n" << left);
  REQUIRE(clean);
}

// Whether the run's log says `text` after its first line that says `after` ("" : anywhere).
bool log_says(const fs::path& run, const std::string& text, const std::string& after = "") {
  std::ifstream in(run / "run.log");
  std::stringstream all;
  all << in.rdbuf();
  const std::string log = all.str();
  const auto from = log.find(after);
  return from != std::string::npos && log.find(text, from) != std::string::npos;
}

// Until cell 1's server answers on the host (the agent logs "started on host" once it accepts
// connections; the instances' servers, started and stopped before, logged theirs before cell
// 1 began), then 2 s into its load. Waiting for its process alone was not enough: on a busy
// machine InnoDB's start took longer than the 2 s, and a SIGSTOP then hit a starting server.
void wait_for_load(const DbHost& host, const fs::path& run) {
  REQUIRE(wait_until([&] { return log_says(run, "started on host", "cell 1 ("); }, 180s));
  REQUIRE(wait_until(
      [&] {
        for (int pid : host.leftovers())
          if (process_name(pid) == "mariadbd") return true;
        return false;
      },
      60s));
  std::this_thread::sleep_for(2s);
}

// The ssh that carries the agent's session: versus's child whose command runs `versus agent`.
int agent_session(int versus_pid) {
  for (int pid : children_of(versus_pid))
    if (process_cmdline(pid).find("'agent' '--workdir'") != std::string::npos) return pid;
  return 0;
}

}  // namespace

TEST_CASE("a matrix runs with its servers on another host, over ssh", "[.][remote]") {
  DbHost host;
  TempDir tmp;
  auto file = tmp.write("remote.yaml", matrix(host, "2s"));
  const fs::path run = tmp.path() / "run";
  auto r = host.run({"run", file.string(), "-o", run.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  auto results = results::load_results(run / "results.json");
  REQUIRE(results);
  CHECK(results->info.server_host == "db1");
  CHECK(results->info.server_address == host.value("ADDRESS"));
  CHECK(results->info.server_machine.cores > 0);
  REQUIRE(results->cells.size() == 4);
  for (const auto& c : results->cells) {
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.tps > 0);
    CHECK(c.transport == "tcp");
    CHECK(c.usage.measured);
    CHECK_FALSE(c.usage.client_on_host);
    CHECK(c.usage.server_cpu_s() > 0);
    CHECK(c.my_cnf.find("bind-address=" + host.value("ADDRESS")) != std::string::npos);
    CHECK(fs::file_size(run / c.error_log) > 0);  // brought back from the host
  }
  CHECK(results->data_sizes.size() == 2);
  std::ifstream agent_log(run / "logs/agent-db1.log");
  std::stringstream agent_text;
  agent_text << agent_log.rdbuf();
  CHECK(agent_text.str().find("server start: ") != std::string::npos);  // the agent's own log
  std::ifstream md(run / "comparison.md");
  std::stringstream md_text;
  md_text << md.rdbuf();
  CHECK(md_text.str().find("- servers on host db1 (" + host.value("ADDRESS") + "): ") !=
        std::string::npos);
  SECTION("a release installed there is used where it is (host_basedir)") {
    // The copy of 10.11.19 the run left there (a release cache, kept between runs).
    std::ifstream log(run / "run.log");
    std::string line, there;
    while (std::getline(log, line))
      if (auto at = line.find("server b: "); at != std::string::npos)
        there = line.substr(at + 10, line.find("/sbin/") - at - 10);
    REQUIRE(there.rfind(host.value("WORKDIR") + "/releases/", 0) == 0);
    auto again = tmp.write("again.yaml", matrix(host, "1s", "", "", ", host_basedir: " + there));
    auto second = host.run({"run", again.string(), "-o", (tmp.path() / "again").string()});
    INFO(second.output);
    CHECK(second.exit_code == 0);
  }
  // The host's files never were the client's: its run directory is not here.
  CHECK_FALSE(fs::exists(host.value("WORKDIR") + "/runs/run"));
  require_nothing_left(host);
}

// Trees scripts/fetch-releases.sh staged on their own loader and C library (Debian 13's
// MariaDB, unstable's MySQL: newer than the host's Debian 12): copied whole, their executables
// pointed at the copy's loader there, before the copy counts as complete. And Debian 11's
// MariaDB, on the host's loader with its own older libraries (some outside usr/).
TEST_CASE("fetched releases run on the host", "[.][remote]") {
  DbHost host;
  TempDir tmp;
  const std::string c =
      "  - {name: c, basedir: " + named_release_basedir("mariadb-11.8").string() + ", host: db1}\n";
  const std::string rest =
      "workloads: [oltp_read_only]\nthreads: [2]\nwarmup: 1s\n"
      "duration: 2s\ninterference_limit: 100\n";
  auto file = tmp.write(
      "fetched.yaml", host.hosts_yaml() + "servers:\n" + c +
                          "  - {name: d, basedir: " + named_release_basedir("mysql-9.7").string() +
                          ", host: db1}\n  - {name: e, basedir: " +
                          named_release_basedir("mariadb-10.5").string() + ", host: db1}\n" + rest);
  const fs::path run = tmp.path() / "run";
  auto r = host.run({"run", file.string(), "-o", run.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  auto results = results::load_results(run / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 3);
  for (const auto& cell : results->cells) {
    CHECK(cell.status == results::CellStatus::ok);
    CHECK(cell.tps > 0);
  }
  CHECK(log_says(run, "server c: " + host.value("WORKDIR") + "/releases/"));
  require_nothing_left(host);

  // A work directory too long for the room the script left in the loader's path: the copy
  // is refused, naming the server, the host and the file.
  const std::string deep = host.value("WORKDIR") + "/" + std::string(200, 'a') + "/" +
                           std::string(200, 'b') + "/" + std::string(200, 'c');
  std::string yaml = host.hosts_yaml() + "servers:\n" + c + rest;
  yaml.replace(yaml.find("workdir: ") + 9, host.value("WORKDIR").size(), deep);
  auto bad = host.run(
      {"run", tmp.write("deep.yaml", yaml).string(), "-o", (tmp.path() / "deep").string()});
  INFO(bad.output);
  CHECK(bad.exit_code != 0);
  CHECK(bad.output.find("servers[0] (c): host db1: relocate_release: " + deep + "/releases/") !=
        std::string::npos);
  CHECK(bad.output.find(": its loader path (PT_INTERP) has room for 511 bytes; ") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(tmp.path() / "deep/results.json"));
  require_nothing_left(host);
}

TEST_CASE("nothing is left on the host after SIGINT", "[.][remote]") {
  DbHost host;
  TempDir tmp;
  auto file = tmp.write("remote.yaml", matrix(host, "30s"));
  const fs::path run = tmp.path() / "run";
  BackgroundVersus versus({"run", file.string(), "-o", run.string()}, host.in_client());
  wait_for_load(host, run);
  ::kill(versus.pid(), SIGINT);
  CHECK(versus.wait(90s) == 130);
  INFO(versus.output());
  require_nothing_left(host);
}

TEST_CASE("a server stopped on the host ends its cell as unresponsive, the run goes on",
          "[.][remote]") {
  DbHost host;
  TempDir tmp;
  auto file = tmp.write("remote.yaml", matrix(host, "8s", "stall_timeout: 5s\n"));
  const fs::path run = tmp.path() / "run";
  BackgroundVersus versus({"run", file.string(), "-o", run.string()}, host.in_client());
  wait_for_load(host, run);
  int server = 0;
  for (int pid : host.leftovers())
    if (process_name(pid) == "mariadbd") server = pid;
  REQUIRE(server > 0);
  REQUIRE(::kill(server, SIGSTOP) == 0);  // its sessions wait; the watchdog cannot kill it here
  const int code = versus.wait(240s);
  INFO(versus.output());
  CHECK(code == 3);
  auto r = results::load_results(run / "results.json");
  REQUIRE(r);
  REQUIRE(r->cells.size() == 4);
  CHECK(r->cells[0].status == results::CellStatus::unresponsive);
  CHECK(r->cells[0].error.find("its stop killed it") != std::string::npos);
  for (std::size_t i = 1; i < r->cells.size(); ++i)
    CHECK(r->cells[i].status == results::CellStatus::ok);
  CHECK_FALSE(process_alive(server));
  require_nothing_left(host);
}

TEST_CASE("nothing is left on the host when its ssh connection is killed",
          "[.][remote]") {
  DbHost host;
  TempDir tmp;
  auto file = tmp.write("remote.yaml", matrix(host, "30s"));
  const fs::path run = tmp.path() / "run";
  BackgroundVersus versus({"run", file.string(), "-o", run.string()}, host.in_client());
  wait_for_load(host, run);
  const int session = agent_session(versus.pid());
  REQUIRE(session > 0);
  ::kill(session, SIGKILL);  // the agent's input ends: it stops its servers
  require_nothing_left(host);
  versus.wait(120s);
  INFO(versus.output());
  CHECK(versus.output().find("the connection to its agent dropped") != std::string::npos);
}

TEST_CASE("servers a killed agent left are stopped by the next run's agent, by its journal",
          "[.][remote]") {
  DbHost host;
  TempDir tmp;
  auto file = tmp.write("remote.yaml", matrix(host, "30s"));
  {
    BackgroundVersus versus({"run", file.string(), "-o", (tmp.path() / "first").string()},
                            host.in_client());
    wait_for_load(host, tmp.path() / "first");
    int agent = 0;
    for (int pid : host.leftovers())
      if (process_cmdline(pid).find(" agent --workdir") != std::string::npos) agent = pid;
    REQUIRE(agent > 0);
    ::kill(agent, SIGKILL);  // it cannot stop its servers now
    versus.wait(120s);
  }
  std::this_thread::sleep_for(2s);
  CHECK_FALSE(host.leftovers().empty());  // the server and its mysqld_safe, still there
  auto again = tmp.write("again.yaml", matrix(host, "1s"));
  auto r = host.run({"run", again.string(), "-o", (tmp.path() / "second").string()});
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("left by an earlier run: host db1: first: killed mysqld_safe") !=
        std::string::npos);
  require_nothing_left(host);
}

TEST_CASE("errors of a host are clear and start nothing", "[.][remote]") {
  DbHost host;
  TempDir tmp;
  auto expect = [&](const std::string& text, const std::string& says) {
    auto file = tmp.write("bad.yaml", text);
    const fs::path run = tmp.path() / "bad-run";
    auto r = host.run({"run", file.string(), "-o", run.string()});
    INFO(r.output);
    CHECK(r.exit_code != 0);
    CHECK(r.output.find(says) != std::string::npos);
    CHECK_FALSE(fs::exists(run / "results.json"));
    require_nothing_left(host);
  };
  auto with = [&](const std::string& from, const std::string& to) {
    std::string m = matrix(host, "1s");
    m.replace(m.find(from), from.size(), to);
    return m;
  };
  SECTION("ssh refused") { expect(with("    workdir:", "    port: 2\n    workdir:"), "connection refused"); }
  SECTION("a key the host does not accept") {
    expect(with(host.value("KEY") + "\n", host.value("OTHER_KEY") + "\n"),
           "the keys offered were refused, and versus never types a password");
  }
  SECTION("an unknown host key") {
    auto empty = tmp.write("empty_known_hosts", "");
    expect(with(host.value("KNOWN_HOSTS"), empty.string()), "its host key is not in");
  }
  SECTION("a basedir missing there") {
    expect(matrix(host, "1s", "", "", ", host_basedir: /opt/mariadb"),
           "servers[1] (b): host db1: check_release: the basedir /opt/mariadb does not exist on "
           "this host");
  }
  SECTION("a library the release needs is missing there") {
    // A copy of 10.11.19 whose server also needs libsqlite3 (this machine has it, the host not).
    const fs::path copy = tmp.path() / "mariadb-copy";
    REQUIRE(run_command("/bin/cp", {"-a", release_basedir("10.11.19").string(), copy.string()}).exit_code == 0);
    auto patched = run_command("/usr/bin/patchelf", {"--add-needed", "libsqlite3.so.0",
                                                     (copy / "sbin/mariadbd").string()});
    INFO(patched.output);
    REQUIRE(patched.exit_code == 0);
    expect(matrix(host, "1s", "", copy.string()), "needs libraries this host lacks: libsqlite3.so.0");
  }
}

}  // namespace versus::testing
