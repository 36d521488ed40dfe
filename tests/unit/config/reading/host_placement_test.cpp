#include "config/reading/host_placement.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "config/reading/matrix_parser.h"
#include "config/reading/scalar_conversion.h"

namespace fs = std::filesystem;
using versus::config::parse_matrix_text;
using versus::config::Plan;

namespace {
// releases/a/usr, releases/b/usr and a key file, under a temp dir removed at exit.
struct HostsTree {
  fs::path root = fs::temp_directory_path() / ("versus-hosts-test-" + std::to_string(::getpid()));
  HostsTree() {
    for (const char* dir : {"releases/a/usr", "releases/b/usr"}) fs::create_directories(root / dir);
    std::ofstream(root / "key") << "not a real key\n";
  }
  ~HostsTree() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
};
const HostsTree& hosts_tree() {
  static const HostsTree t;
  return t;
}

versus::Expected<Plan> parse_hosts(const std::string& text) {
  return parse_matrix_text(text, "m.yaml", hosts_tree().root);
}

std::string host_errors(const std::string& text) {
  auto plan = parse_hosts(text);
  REQUIRE_FALSE(plan.has_value());
  return plan.error().message;
}

const std::string kHost =
    "hosts:\n  - {name: db1, ssh: root@10.0.0.2, identity: key}\n";  // lines 1-2
}  // namespace

TEST_CASE("hosts: a server on another host", "[config][hosts]") {
  auto plan = parse_hosts(kHost +
                          "servers:\n"
                          "  - {name: a, basedir: releases/a/usr, host: db1}\n"
                          "  - {name: b, basedir: releases/b/usr, host: db1}\n");
  REQUIRE(plan);
  REQUIRE(plan->hosts.size() == 1);
  const auto& h = plan->hosts[0];
  CHECK(h.name == "db1");
  CHECK(h.ssh == "root@10.0.0.2");
  CHECK(h.port == 22);
  CHECK(h.workdir == "/var/tmp/versus");
  CHECK(h.identity == hosts_tree().root / "key");
  CHECK(h.known_hosts.empty());
  CHECK(versus::config::host_address(h) == "10.0.0.2");
  CHECK(plan->servers[1].host == "db1");
  CHECK(versus::config::host_of(*plan, 1) == &plan->hosts[0]);
}

TEST_CASE("hosts: what a remote server cannot do, and typos", "[config][hosts]") {
  const std::string servers = "servers:\n  - {name: a, basedir: releases/a/usr, host: db1}\n";
  CHECK(host_errors(kHost + "servers:\n  - {name: a, basedir: releases/a/usr, host: db2}\n") ==
        "m.yaml:4: servers[0].host: no hosts[] entry is named \"db2\" (did you mean \"db1\"?)");
  CHECK(host_errors(kHost + "servers:\n  - {name: a, basedir: releases/a/usr, host: db1}\n"
                            "  - {name: b, basedir: releases/b/usr}\n")
            .find("servers[1].host: server b runs on this machine but server a on host db1") !=
        std::string::npos);
  CHECK(host_errors(kHost + servers + "lifecycle: server\n")
            .find("where lifecycle: server is not supported") != std::string::npos);
  CHECK(host_errors(kHost + servers + "server_cpus: \"0\"\n")
            .find("where server_cpus is not supported") != std::string::npos);
  CHECK(host_errors(kHost + servers + "transport: socket\n")
            .find("where transport: socket (line 5) cannot reach it") != std::string::npos);
  CHECK(parse_hosts(kHost + servers + "transport: tcp\n"));
  CHECK(host_errors(kHost +
                    "servers:\n  - {name: a, basedir: releases/a/usr, host_basedir: /usr}\n") ==
        "m.yaml:4: servers[0].host_basedir: names a path on a host, but server a has no host");
  auto on_host = parse_hosts(kHost +
                             "servers:\n  - {name: a, basedir: releases/a/usr, host: db1, "
                             "host_basedir: /opt/mariadb}\n");
  REQUIRE(on_host);
  CHECK(on_host->servers[0].host_basedir == "/opt/mariadb");
}

TEST_CASE("thread_placement: colocate needs servers here and no CPU lists", "[config][hosts]") {
  const std::string here = "servers:\n  - {name: a, basedir: releases/a/usr}\n";  // lines 1-2
  auto plan = parse_hosts(here + "thread_placement: colocate\n");
  REQUIRE(plan);
  CHECK(plan->colocate);
  CHECK_FALSE(parse_hosts(here)->colocate);  // free by default
  CHECK(host_errors(kHost + "servers:\n  - {name: a, basedir: releases/a/usr, host: db1}\n"
                            "thread_placement: colocate\n") ==
        "m.yaml:5: thread_placement: colocate pins threads of servers on this machine, but "
        "server a runs on host db1");
  CHECK(host_errors(here + "thread_placement: colocate\nclient_cpus: \"1\"\n") ==
        "m.yaml:3: thread_placement: colocate places the client's and the server's threads "
        "itself: leave out client_cpus and server_cpus");
  CHECK(host_errors(here + "thread_placement: colocated\n").find("m.yaml:3: thread_placement:") ==
        0);
}

TEST_CASE("hosts: entries are checked key by key", "[config][hosts]") {
  const std::string servers = "servers: [{name: a, basedir: releases/a/usr, host: db1}]\n";
  CHECK(host_errors("hosts:\n  - {name: db1, ssh: \"-oProxyCommand=x\"}\n" + servers)
            .find("m.yaml:2: hosts[0].ssh: expected [user@]host") != std::string::npos);
  CHECK(host_errors("hosts:\n  - {name: db1, ssh: h, workdir: relative/dir}\n" + servers)
            .find("hosts[0].workdir: expected an absolute path") != std::string::npos);
  CHECK(host_errors("hosts:\n  - {name: db1, ssh: h, workdir: /a/../b}\n" + servers)
            .find("hosts[0].workdir") != std::string::npos);
  CHECK(host_errors("hosts:\n  - {name: db1, ssh: h, identity: missing-key}\n" + servers)
            .find("hosts[0].identity") != std::string::npos);
  CHECK(host_errors("hosts:\n  - {name: db1, sssh: h}\n" + servers)
            .find("unknown key 'sssh' (did you mean 'ssh'?)") != std::string::npos);
  CHECK(host_errors("hosts:\n  - {name: db1, ssh: h}\n  - {name: db1, ssh: g}\n" + servers)
            .find("db1") != std::string::npos);
}

TEST_CASE("ssh destinations and host paths", "[config][hosts]") {
  using versus::config::is_host_path;
  using versus::config::is_ssh_destination;
  CHECK(is_ssh_destination("db1"));
  CHECK(is_ssh_destination("root@10.231.0.2"));
  CHECK(is_ssh_destination("fe80::1"));
  CHECK_FALSE(is_ssh_destination("-oProxyCommand=sh"));
  CHECK_FALSE(is_ssh_destination("a@b@c"));
  CHECK_FALSE(is_ssh_destination("user@"));
  CHECK_FALSE(is_ssh_destination("host name"));
  CHECK_FALSE(is_ssh_destination("host;reboot"));
  CHECK(is_host_path("/var/tmp/versus"));
  CHECK_FALSE(is_host_path("var/tmp"));
  CHECK_FALSE(is_host_path("/"));
  CHECK_FALSE(is_host_path("/a/../b"));
  CHECK_FALSE(is_host_path("/a//b"));
  CHECK_FALSE(is_host_path("/a b"));
  CHECK_FALSE(is_host_path("/a/$(x)"));
}
