// The loader against a real MariaDB 10.11.19: rows 1..N, numbered by AUTO_INCREMENT as
// sysbench's INSERTs are, whatever the server's auto_increment_increment, and the index on k
// built after them.
#include "load/family/loader.h"

#include "bench_server.h"
#include "client/connection.h"

namespace versus::testing {

TEST_CASE("the loader stores ids 1..N even when the server counts AUTO_INCREMENT by 2",
          "[integration][loader]") {
  constexpr std::int64_t kRows = 5000;
  auto s = start_bench_server(
      "loader", {{"innodb_buffer_pool_size", "64M"}, {"auto_increment_increment", "2"}});
  load::LoadSpec spec;
  spec.endpoint = s->bench;
  spec.table_size = kRows;
  require_ok(load::load_tables(spec), "loading");
  auto conn = client::Connection::open(s->bench);
  require_ok(conn, "connecting");
  auto value = [&](const std::string& sql) {
    auto v = conn->query_value(sql);
    require_ok(v, sql);
    return *v;
  };
  CHECK(value("SELECT @@global.auto_increment_increment") == "2");
  CHECK(value("SELECT COUNT(*) FROM sbtest1") == std::to_string(kRows));
  CHECK(value("SELECT MIN(id) FROM sbtest1") == "1");
  CHECK(value("SELECT MAX(id) FROM sbtest1") == std::to_string(kRows));
  CHECK(value("SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = "
              "DATABASE() AND table_name = 'sbtest1' AND index_name = 'k_1'") == "1");
  CHECK(value("SELECT COUNT(*) FROM sbtest1 WHERE k < 1 OR k > " + std::to_string(kRows)) == "0");
}

}  // namespace versus::testing
