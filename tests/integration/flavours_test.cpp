// The releases people compare, end to end: MariaDB 10.5 (Debian 11: its own bullseye libraries
// on the system's loader), MariaDB 10.11.19, MariaDB 11.8 (Debian 13) and MySQL 9.7 (Debian
// unstable: their own loader), fetched by scripts/fetch-releases.sh. Every workload on InnoDB
// and MyISAM over the Unix socket (lifecycle: server), on 10.5 on Aria and MEMORY too, a read
// and a write mix over TCP (a server start per cell), with MySQL's X Protocol port 33060 and
// /run/mysqld's sockets taken by the test first; a matrix asking MySQL for Aria fails at
// `plan` with file:line.
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <utility>
#include <vector>

#include "results/record/store.h"
#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
// A listening socket held for the test's life: a TCP port on every address, or a Unix socket
// at a path (removed after, and its directory when the test made it).
class Listener {
 public:
  explicit Listener(int port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    int one = 1;
    ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    INFO("port " << port << " must be free for this test");
    REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    REQUIRE(::listen(fd_, 1) == 0);
  }
  explicit Listener(const fs::path& path) : fd_(::socket(AF_UNIX, SOCK_STREAM, 0)), path_(path) {
    made_dir_ = !fs::exists(path.parent_path());
    fs::create_directories(path.parent_path());
    INFO(path << " must not exist for this test");
    REQUIRE_FALSE(fs::exists(path));
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::strncpy(a.sun_path, path.c_str(), sizeof a.sun_path - 1);
    REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    REQUIRE(::listen(fd_, 1) == 0);
  }
  ~Listener() {
    ::close(fd_);
    std::error_code ec;
    if (!path_.empty()) fs::remove(path_, ec);
    if (made_dir_) fs::remove(path_.parent_path(), ec);
  }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

 private:
  int fd_;
  fs::path path_;
  bool made_dir_ = false;
};

const char* kWorkloads =
    "[oltp_read_write, oltp_read_only, oltp_write_only, oltp_point_select, oltp_update_index, "
    "oltp_update_non_index, oltp_insert, oltp_delete, legacy_complex, legacy_read_only]";

std::string matrix(const std::vector<std::string>& releases, const std::string& workloads,
                   const std::string& extra, const std::string& engines = "[innodb, myisam]") {
  std::string m = "servers:\n";
  for (const auto& r : releases)
    m += "  - { name: " + r + ", basedir: " + named_release_basedir(r).string() + " }\n";
  return m + "engines: " + engines + "\nworkloads: " + workloads +
         "\nthreads: [2]\ntable_size: 2000\nwarmup: 0s\nduration: 300ms\ncpu_probe: false\n"
         "ignore_errors: [1062, 1213, 1020, 1205]\n" + extra;
}

// Runs `text` and checks every cell ok over `transport`, the sizes current, nothing left.
results::RunResults run_all_ok(const std::string& text, const std::string& transport) {
  TempDir tmp;
  auto file = tmp.write("matrix.yaml", text);
  auto r = run_versus({"run", file.string(), "-o", (tmp.path() / "run").string(), "-q"});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  auto results = results::load_results(tmp.path() / "run/results.json");
  REQUIRE(results);
  for (const auto& c : results->cells) {
    INFO(c.server << " " << c.engine << " " << c.workload << ": " << c.error);
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.transport == transport);
    CHECK(c.counters.transactions > 0);
  }
  for (const auto& d : results->data_sizes) {
    INFO(d.server << " " << d.engine << ": DATA_LENGTH " << d.data_length);
    CHECK(d.statistics == "ANALYZE TABLE");
    // 2000 rows of ~190 bytes: a stale MySQL figure is one or two 16 KB pages.
    CHECK(d.data_length > 150u * 2000u);
  }
  CHECK(live_recorded_servers(tmp.path() / "run").empty());
  // No server listened where a system MySQL or another instance would: with the X Plugin on,
  // MySQL's log names port 33060 and mysqlx.sock (ready or failing to bind).
  for (const auto& log : fs::directory_iterator(tmp.path() / "run/logs")) {
    const std::string log_text = text_of(log.path());
    INFO(log.path());
    CHECK(log_text.find("33060") == std::string::npos);
    CHECK(log_text.find("X Plugin") == std::string::npos);
    CHECK(log_text.find("/run/mysqld") == std::string::npos);
  }
  return std::move(*results);
}

// oltp_read_only's range queries ran as range scans in every instance, not full scans.
void check_same_plans(const results::RunResults& results) {
  for (const auto& c : results.cells) {
    if (c.workload != "oltp_read_only" || c.engine != "innodb") continue;
    // The transactions between the status snapshots (usage.transactions) where recorded.
    const double txn = static_cast<double>(c.usage.transactions > 0 ? c.usage.transactions
                                                                     : c.counters.transactions);
    const auto& st = c.usage.status;
    INFO(c.server << ": Select_scan " << st.at("Select_scan") << ", Select_range "
                  << st.at("Select_range") << " over " << txn << " transactions");
    CHECK(static_cast<double>(st.at("Select_scan")) / txn < 0.1);
    // Four range queries a transaction: range scans give ~4, table scans 0.
    CHECK(static_cast<double>(st.at("Select_range")) / txn > 3.5);
  }
}
}  // namespace

// Aria and MEMORY on 10.5 only: the newer releases' Aria is the same engine, MySQL has none.
const char* kAriaMemoryOn105Only =
    "exclude:\n"
    "  - { server: mariadb-10.11.19, engine: aria }\n"
    "  - { server: mariadb-10.11.19, engine: memory }\n"
    "  - { server: mariadb-11.8, engine: aria }\n"
    "  - { server: mariadb-11.8, engine: memory }\n"
    "  - { server: mysql-9.7, engine: aria }\n"
    "  - { server: mysql-9.7, engine: memory }\n";

// The (server, engine) pair ran all ten workloads, on a server whose SELECT VERSION() starts
// with `version` (e.g. "10.5.").
void check_every_workload(const results::RunResults& results, const std::string& server,
                          const std::string& engine, const std::string& version) {
  std::size_t n = 0;
  for (const auto& c : results.cells) {
    if (c.server != server || c.engine != engine) continue;
    ++n;
    INFO(server << " " << engine << " " << c.workload << ": " << c.server_version);
    CHECK(c.server_version.rfind(version, 0) == 0);
  }
  INFO(server << " " << engine);
  CHECK(n == 10);
}

// Every workload on one server per (release, engine) (lifecycle: server): a server start per
// cell for all 60 cells took 184 s of the suite; the TCP test below starts one per cell.
TEST_CASE("MariaDB 10.5, 10.11, 11.8 and MySQL 9.7 run every workload over the socket",
          "[integration][flavours]") {
  // What a system MySQL or a second instance would hold: versus must collide with neither.
  Listener x_protocol(33060);
  Listener socket("/run/mysqld/mysqld.sock");
  Listener x_socket("/run/mysqld/mysqlx.sock");
  auto results = run_all_ok(
      matrix({"mariadb-10.5", "mariadb-10.11.19", "mariadb-11.8", "mysql-9.7"}, kWorkloads,
             std::string("lifecycle: server\n") + kAriaMemoryOn105Only,
             "[innodb, myisam, aria, memory]"),
      "socket");
  CHECK(results.cells.size() == 4 * 2 * 10 + 2 * 10);
  for (const char* engine : {"innodb", "myisam", "aria", "memory"})
    check_every_workload(results, "mariadb-10.5", engine, "10.5.");
  check_same_plans(results);
}

// A read and a write mix with a server started per cell from the loaded snapshot's copy.
TEST_CASE("MariaDB 10.5, 11.8 and MySQL 9.7 run over TCP, a server start per cell",
          "[integration][flavours]") {
  auto results = run_all_ok(matrix({"mariadb-10.5", "mariadb-11.8", "mysql-9.7"},
                                   "[oltp_read_only, oltp_read_write]", "transport: tcp\n"),
                            "tcp");
  CHECK(results.cells.size() == 3 * 2 * 2);
  check_same_plans(results);
}

// scripts/fetch-releases.sh gave Debian 11's 10.5 its own libraries but not its C library: the
// system's loader (glibc 2.36) cannot work with 2.31's libc, and Debian 12 has no libssl1.1.
TEST_CASE("the fetched MariaDB 10.5 finds libssl1.1 in its tree and libc on the system",
          "[integration][flavours]") {
  const fs::path tree = fs::canonical(named_release_basedir("mariadb-10.5").parent_path());
  auto r = run_command("/lib64/ld-linux-x86-64.so.2", {"--list", (tree / "usr/sbin/mariadbd").string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("not found") == std::string::npos);
  CHECK(r.output.find("libssl.so.1.1 => " + tree.string() + "/") != std::string::npos);
  CHECK(r.output.find("libstdc++.so.6 => " + tree.string() + "/") != std::string::npos);
  CHECK(r.output.find("libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6") != std::string::npos);
  CHECK_FALSE(fs::exists(tree / "lib/x86_64-linux-gnu/libc.so.6"));
  CHECK_FALSE(fs::exists(tree / "usr/lib/x86_64-linux-gnu/libc.so.6"));
}

// The three-generation matrix in configs/ passes the preflight (release detection of each, the
// rendered my.cnf) with the fetched releases, as its header runs it.
TEST_CASE("configs/mariadb-generations.yaml plans with 10.5, 10.11 and 11.8",
          "[integration][flavours]") {
  std::vector<std::string> args{"plan", std::string(VERSUS_SOURCE_DIR) +
                                            "/configs/mariadb-generations.yaml"};
  for (const auto& [name, dir] : {std::pair{"mariadb-10.5", "mariadb-10.5"},
                                  std::pair{"mariadb-10.11", "mariadb-10.11.19"},
                                  std::pair{"mariadb-11.8", "mariadb-11.8"}}) {
    args.push_back("--server");
    args.push_back(std::string(name) + "=" + named_release_basedir(dir).string());
  }
  auto r = run_versus(args);
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("54 cells (3 servers") != std::string::npos);
}

TEST_CASE("a matrix asking MySQL for Aria fails at plan with file:line", "[integration][flavours]") {
  TempDir tmp;
  auto file = tmp.write("matrix.yaml", "servers:\n  - { name: maria, basedir: " +
                                           named_release_basedir("mariadb-11.8").string() +
                                           " }\n  - { name: my, basedir: " +
                                           named_release_basedir("mysql-9.7").string() +
                                           " }\nengines: [innodb, aria]\n");
  auto r = run_versus({"plan", file.string()});
  INFO(r.output);
  CHECK(r.exit_code == 2);
  // (9.7.N: Debian unstable moves the patch level.)
  CHECK(r.output.find(file.string() + ":3: engines: aria: servers[1] (my): MySQL 9.7.") !=
        std::string::npos);
  CHECK(r.output.find("has no Aria engine (Aria is MariaDB's)") != std::string::npos);
  CHECK(r.output.find("(maria)") == std::string::npos);  // MariaDB's Aria is fine
  // Left out for MySQL, the same matrix plans.
  auto ok = tmp.write("ok.yaml", text_of(file) + "exclude:\n  - { server: my, engine: aria }\n");
  CHECK(run_versus({"plan", ok.string()}).exit_code == 0);
}

}  // namespace versus::testing
