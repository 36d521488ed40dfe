#pragma once
// DbHost: the test's "database host" (tests/remote/db_host.sh): sshd in a network namespace of
// its own, in its own minimal Debian root, reachable from a client namespace over a veth pair.
// Started by the constructor (REQUIREs it started), stopped and removed by the destructor.
#include <set>
#include <string>
#include <vector>

#include "support.h"

namespace versus::testing {

class DbHost {
 public:
  DbHost();
  ~DbHost();
  DbHost(const DbHost&) = delete;
  DbHost& operator=(const DbHost&) = delete;

  // A hosts[] entry named db1 for it (`extra`: more keys, one "    key: value" line each).
  std::string hosts_yaml(const std::string& extra = "") const;
  // Runs versus in the client's namespace (the only one that reaches the host).
  std::vector<std::string> in_client() const { return {"/usr/sbin/ip", "netns", "exec", value("CLIENT_NS")}; }
  CommandResult run(const std::vector<std::string>& args) const;
  // The pids running in the host's namespace but sshd's listener: what a run left there.
  std::set<int> leftovers() const;
  std::string value(const std::string& key) const;  // of STATE_DIR/env
  const TempDir& state() const { return state_; }

 private:
  TempDir state_;
};

}  // namespace versus::testing
