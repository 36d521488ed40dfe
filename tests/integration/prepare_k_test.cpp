// Column k of the loaded tables, for the same options, whoever loads them: `versus bench
// prepare` and a matrix instance (run::instance_tables, what prepare_instance loads) give the
// same rows (both seed each table's generator alike), and --rand-type shapes k as sysbench
// 1.0.20's prepare does (oltp_common.lua draws k with sysbench.rand.default, i.e. --rand-type;
// its seed is not versus's, so against sysbench the test compares the distribution: the share
// of k in the middle 2% of the range, ~75% for special, ~2% for uniform).
#include <filesystem>
#include <fstream>

#include "bench_server.h"
#include "client/connection.h"
#include "config/reading/matrix_parser.h"
#include "run/matrix_run.h"
#include "util/subprocess.h"

namespace versus::testing {
namespace {
namespace fs = std::filesystem;
constexpr int kRows = 2000;

std::string value(client::Connection& conn, const std::string& sql) {
  auto v = conn.query_value(sql);
  require_ok(v, sql);
  return *v;
}

// The share of the rows of <db>.sbtest1 whose k lies in the middle 2% of 1..kRows.
double middle_share(client::Connection& conn, const std::string& db) {
  const std::string count = value(conn, "SELECT COUNT(*) FROM " + db + ".sbtest1 WHERE k BETWEEN " +
                                            std::to_string(kRows / 2 - kRows / 100) + " AND " +
                                            std::to_string(kRows / 2 + kRows / 100));
  return std::stod(count) / kRows;
}

std::string table_checksum(client::Connection& conn, const std::string& db) {
  auto rows = conn.query("CHECKSUM TABLE " + db + ".sbtest1");
  require_ok(rows, "CHECKSUM TABLE " + db + ".sbtest1");
  REQUIRE(rows->size() == 1);
  return (*rows)[0].at(1);
}

void sysbench_prepare(const BenchServer& s, const std::string& db, const std::string& rand_type) {
  const fs::path cfg = s.dir.path() / ("sysbench-" + db + ".cfg");
  std::ofstream(cfg) << "mysql-host=" << s.bench.host << "\nmysql-port=" << s.bench.port
                     << "\nmysql-user=" << s.bench.user << "\nmysql-password=" << s.bench.password
                     << "\nmysql-db=" << db << "\n";
  fs::permissions(cfg, fs::perms::owner_read | fs::perms::owner_write);
  auto out =
      run_capture("/usr/bin/sysbench",
                  {"--config-file=" + cfg.string(), "oltp_read_write", "--tables=1",
                   "--table-size=" + std::to_string(kRows), "--rand-type=" + rand_type, "prepare"});
  require_ok(out, "sysbench prepare into " + db);
}
}  // namespace

TEST_CASE(
    "versus bench prepare and a matrix load give the same k, and --rand-type shapes k as "
    "sysbench's prepare does",
    "[integration][bench][loader]") {
  auto s = start_bench_server("prepare-k", {{"innodb_buffer_pool_size", "64M"}});
  const std::string cnf =
      s->dir.write("client.cnf", "[client]\npassword=" + s->bench.password + "\n").string();
  fs::permissions(cnf, fs::perms::owner_read | fs::perms::owner_write);
  auto bench_prepare = [&](const std::string& db, std::vector<std::string> extra) {
    std::vector<std::string> args = {"bench",           "prepare",
                                     "--port",          std::to_string(s->bench.port),
                                     "--user",          s->bench.user,
                                     "--defaults-file", cnf,
                                     "--database",      db,
                                     "--table-size",    std::to_string(kRows)};
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = run_versus(args);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
  };
  bench_prepare("bench_uniform", {"--rand-type", "uniform"});
  bench_prepare("bench_special", {});

  // The matrix's load of the same options, into a database of its own.
  auto plan = config::parse_matrix_text(
      "servers: [{name: a, basedir: .}]\nworkloads: [oltp_read_write]\nthreads: [1]\n"
      "table_size: " +
          std::to_string(kRows) + "\nrand_type: uniform\n",
      "m.yaml", s->dir.path());
  require_ok(plan, "the matrix");
  load::LoadSpec matrix = run::instance_tables(*plan, "innodb", plan->table_sizes.front());
  matrix.endpoint = s->bench;
  matrix.endpoint.database = "matrix_uniform";
  require_ok(load::load_tables(matrix), "the matrix load");

  client::Endpoint no_db = s->bench;
  no_db.database.clear();  // sbtest does not exist here
  auto conn = client::Connection::open(no_db);
  require_ok(conn, "connecting");
  for (const char* db : {"sysbench_uniform", "sysbench_special"})
    require_ok(conn->execute(std::string("CREATE DATABASE ") + db), db);
  sysbench_prepare(*s, "sysbench_uniform", "uniform");
  sysbench_prepare(*s, "sysbench_special", "special");

  // Same options, same rows: k and the rest.
  CHECK(value(*conn, "SELECT SUM(k) FROM bench_uniform.sbtest1") ==
        value(*conn, "SELECT SUM(k) FROM matrix_uniform.sbtest1"));
  CHECK(table_checksum(*conn, "bench_uniform") == table_checksum(*conn, "matrix_uniform"));
  // --rand-type changed the rows (it did not, before: bench prepare drew k as special).
  CHECK(table_checksum(*conn, "bench_uniform") != table_checksum(*conn, "bench_special"));
  // The distribution, as sysbench's prepare draws it.
  CHECK(middle_share(*conn, "sysbench_uniform") < 0.1);
  CHECK(middle_share(*conn, "bench_uniform") < 0.1);
  CHECK(middle_share(*conn, "matrix_uniform") < 0.1);
  CHECK(middle_share(*conn, "sysbench_special") > 0.6);
  CHECK(middle_share(*conn, "bench_special") > 0.6);
}

}  // namespace versus::testing
