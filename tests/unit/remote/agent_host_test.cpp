#include "remote/agent_host.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "remote/agent.h"
#include "shared/files.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace versus;
using remote::agent::Json;
using versus::testing::has_line;
using versus::testing::TempDir;
using versus::testing::text_of;

namespace {
// Each request answered by a fresh agent in `workdir` (as over ssh, one JSON line each way):
// enough for the requests on files, which keep no state in the agent.
remote::AgentLink link_to(const fs::path& workdir, std::vector<std::string>& ops) {
  auto call = [workdir, &ops](const std::string& op, Json args) -> Expected<Json> {
    ops.push_back(op);
    args["op"] = op;
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const std::string line = args.dump() + "\n";
    REQUIRE(::write(fds[1], line.data(), line.size()) == static_cast<ssize_t>(line.size()));
    ::close(fds[1]);
    std::ostringstream out;
    remote::run_agent({workdir}, fds[0], out);
    ::close(fds[0]);
    std::string reply = out.str();
    return remote::agent::reply_results(reply.substr(0, reply.find('\n')));
  };
  return {call, "db1", "10.0.0.12", "10.0.0.2"};
}

server::MyCnfInput remote_cnf_input() {
  server::MyCnfInput in;
  in.release.basedir = "/opt/rel";
  in.release.server_binary = "/opt/rel/bin/mariadbd";
  in.release.mysqld_safe = "/opt/rel/bin/mysqld_safe";
  in.release.info = {server::Flavour::mariadb, {10, 11, 18}, ""};
  in.title = "a / default";
  return in;
}
}  // namespace

TEST_CASE("AgentHost::configure: a port free there, my.cnf bound to the host's address",
          "[remote][agent_host]") {
  TempDir tmp;
  std::vector<std::string> ops;
  const std::string run_dir = (tmp.path() / "runs/r1").string();
  remote::AgentHost there(link_to(tmp.path(), ops), run_dir, "admin-secret");
  CHECK(there.where() == " on host db1");
  const auto caps = there.capabilities();
  CHECK_FALSE((caps.socket || caps.datadir_templates || caps.port_retry || caps.instance_cache));
  CHECK_FALSE(there.has_template(tmp.path()));
  auto conf = there.configure("a.default.innodb", remote_cnf_input());
  REQUIRE(conf);
  CHECK(ops == std::vector<std::string>{"prepare_dir", "prepare_dir"});
  const auto& p = conf->paths;
  CHECK(p.dir == fs::path(run_dir) / "instances/a.default.innodb");
  CHECK(p.port > 0);
  CHECK(has_line(conf->my_cnf, "bind-address=10.0.0.12"));
  CHECK(has_line(conf->my_cnf, "port=" + std::to_string(p.port)));
  CHECK(text_of(p.defaults_file) == conf->my_cnf);  // written there, by the agent
  CHECK(fs::is_directory(p.datadir));
}

TEST_CASE("AgentHost: the snapshot, the error log and removal, each a request to the agent",
          "[remote][agent_host]") {
  TempDir tmp;
  std::vector<std::string> ops;
  const fs::path work = tmp.path() / "work";
  remote::AgentHost there(link_to(work, ops), (work / "runs/r1").string(), "admin-secret");
  auto conf = there.configure("a", remote_cnf_input());
  REQUIRE(conf);
  const auto& p = conf->paths;
  tmp.write("work/runs/r1/instances/a/data/t.ibd", "rows");
  auto snapshot = there.keep_snapshot(p);
  REQUIRE(snapshot);
  CHECK(*snapshot == p.dir / "snapshot");
  CHECK(text_of(*snapshot / "t.ibd") == "rows");
  REQUIRE(there.copy_datadir(*snapshot, p.datadir));
  CHECK(text_of(p.datadir / "t.ibd") == "rows");
  tmp.write("work/runs/r1/instances/a/error.log", "[Note] ready\n");
  const fs::path local = tmp.path() / "here/logs/001-a.error.log";
  fs::create_directories(local.parent_path());
  there.keep_error_log(p.error_log, local);
  CHECK(text_of(local) == "[Note] ready\n");
  REQUIRE(there.remove(p.datadir));
  CHECK_FALSE(fs::exists(p.datadir));
  CHECK(ops == std::vector<std::string>{"prepare_dir", "prepare_dir", "rename", "copy_tree",
                                        "read_file", "remove"});
  // Outside its work directory, the agent refuses, and the host says why.
  auto refused = there.remove(tmp.path() / "here");
  REQUIRE_FALSE(refused);
  CHECK_THAT(refused.error().message, Catch::Contains("not inside its work directory"));
  CHECK(fs::exists(local));
}
