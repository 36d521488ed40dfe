#pragma once
// BenchServer: one real server (MariaDB 10.11.19 unless named) started for a test (its own temp dir, port and
// socket), with the benchmark account; stopped by RAII. For tests that drive the load engine
// in process and read the server's own counters.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "client/endpoint.h"
#include "load/probe/server_status.h"
#include "server/server_process.h"
#include "support.h"
#include "util/expected.h"

namespace versus::testing {

// REQUIREs `e`, showing `what` and the error when it failed.
template <class T>
void require_ok(const Expected<T>& e, const std::string& what) {
  INFO(what << ": " << (e ? std::string() : e.error().message));
  REQUIRE(e.has_value());
}

struct BenchServer {
  TempDir dir;
  std::unique_ptr<server::ServerProcess> process;
  client::Endpoint bench;  // versus@127.0.0.1:port/sbtest
};

// Initializes, starts and prepares a server named `title` with [mysqld] `options`, of the
// release releases/`release`/usr (named_release_basedir).
std::unique_ptr<BenchServer> start_bench_server(
    const std::string& title, const std::vector<std::pair<std::string, std::string>>& options,
    const std::string& release = "mariadb-10.11.19");

// Loads sysbench's table sbtest1 with `rows` rows into the server, as the benchmark account.
void load_sbtest(const BenchServer& s, std::int64_t rows);

// SHOW GLOBAL STATUS of the server, over a connection of the benchmark account.
load::StatusSnapshot status_snapshot(const BenchServer& s);

}  // namespace versus::testing
