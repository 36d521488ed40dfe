#include "remote/ssh_command.h"

#include <algorithm>
#include <catch2/catch.hpp>

using versus::remote::shell_quote;
using versus::remote::ssh_failure_text;
using versus::remote::SshCommand;

namespace {
SshCommand command() {
  versus::config::HostSpec h;
  h.name = "db1";
  h.ssh = "root@10.0.0.2";
  h.port = 2222;
  h.identity = "/keys/id";
  h.known_hosts = "/keys/known";
  return {h, "/tmp/versus-ssh-x/cm"};
}

bool has_pair(const std::vector<std::string>& a, const std::string& x, const std::string& y) {
  for (std::size_t i = 0; i + 1 < a.size(); ++i)
    if (a[i] == x && a[i + 1] == y) return true;
  return false;
}
}  // namespace

TEST_CASE("ssh: every command is non-interactive, strict and through the master", "[run][ssh]") {
  const auto o = command().options();
  CHECK(has_pair(o, "-o", "BatchMode=yes"));
  CHECK(has_pair(o, "-o", "StrictHostKeyChecking=yes"));
  CHECK(has_pair(o, "-o", "ControlPath=/tmp/versus-ssh-x/cm"));
  CHECK(has_pair(o, "-p", "2222"));
  CHECK(has_pair(o, "-i", "/keys/id"));
  CHECK(has_pair(o, "-o", "IdentitiesOnly=yes"));
  CHECK(has_pair(o, "-o", "UserKnownHostsFile=/keys/known"));
  const auto m = command().master();
  CHECK(has_pair(m, "-o", "ControlMaster=yes"));
  CHECK(m.back() == "root@10.0.0.2");
  CHECK(std::find(m.begin(), m.end(), "-N") != m.end());
}

TEST_CASE("ssh: a remote command is quoted word by word", "[run][ssh]") {
  const auto r = command().remote({"test", "-e", "/srv/it's here"});
  REQUIRE(r.size() >= 3);
  CHECK(r[r.size() - 3] == "root@10.0.0.2");
  CHECK(r[r.size() - 2] == "--");
  CHECK(r.back() == "'test' '-e' '/srv/it'\\''s here'");
  CHECK(shell_quote("") == "''");
  CHECK(shell_quote("$(reboot)") == "'$(reboot)'");
  CHECK(command().rsync_shell().rfind("ssh '-o' 'BatchMode=yes'", 0) == 0);
}

TEST_CASE("ssh: its failures say what to do", "[run][ssh]") {
  const auto h = command().host;
  CHECK(ssh_failure_text(h,
                         "No ED25519 host key is known for 10.0.0.2 and you have requested "
                         "strict checking.\nHost key verification failed.\n")
            .find("its host key is not in /keys/known (versus never accepts an unknown key): "
                  "check the key and add it, e.g. ssh-keyscan -p 2222 10.0.0.2 >> /keys/known") !=
        std::string::npos);
  CHECK(ssh_failure_text(h, "root@10.0.0.2: Permission denied (publickey,password).\n")
            .find("the keys offered were refused, and versus never types a password") !=
        std::string::npos);
  CHECK(ssh_failure_text(h, "ssh: connect to host 10.0.0.2 port 2222: Connection refused\n") ==
        "host db1 (ssh root@10.0.0.2 port 2222): connection refused: no sshd listens there");
  CHECK(ssh_failure_text(h, "ssh: connect to host 10.0.0.2 port 2222: Connection timed out\n")
            .find("cannot reach it: ssh: connect to host") != std::string::npos);
  CHECK(ssh_failure_text(h, "something else\n").find("ssh failed: something else") !=
        std::string::npos);
}
