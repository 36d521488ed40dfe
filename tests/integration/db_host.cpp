#include "db_host.h"

#include <fstream>
#include <sstream>

namespace versus::testing {
namespace {
const std::string kScript = std::string(VERSUS_SOURCE_DIR) + "/tests/remote/db_host.sh";
}

DbHost::DbHost() {
  auto up = run_command(kScript, {"up", state_.path().string()});
  INFO(up.output);
  REQUIRE(up.exit_code == 0);
}

DbHost::~DbHost() {
  (void)run_command(kScript, {"down", state_.path().string()});
}

std::string DbHost::value(const std::string& key) const {
  std::ifstream in(state_.path() / "env");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key + "=", 0) == 0) return line.substr(key.size() + 1);
  return "";
}

std::string DbHost::hosts_yaml(const std::string& extra) const {
  return "hosts:\n  - name: db1\n    ssh: root@" + value("ADDRESS") + "\n    identity: " +
         value("KEY") + "\n    known_hosts: " + value("KNOWN_HOSTS") + "\n    workdir: " +
         value("WORKDIR") + "\n" + extra;
}

CommandResult DbHost::run(const std::vector<std::string>& args) const {
  auto argv = in_client();
  argv.erase(argv.begin());
  argv.push_back(VERSUS_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  return run_command("/usr/sbin/ip", argv);
}

std::set<int> DbHost::leftovers() const {
  auto out = run_command(kScript, {"pids", state_.path().string()});
  std::set<int> pids;
  std::istringstream in(out.output);
  int pid = 0;
  while (in >> pid) pids.insert(pid);
  pids.erase(std::stoi(value("SSHD_PID")));
  return pids;
}

}  // namespace versus::testing
