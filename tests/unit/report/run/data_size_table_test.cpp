#include "report/run/data_size_table.h"

#include <catch2/catch.hpp>

using namespace versus::report;
using versus::results::DataSizeRecord;
using versus::results::RunResults;

namespace {
DataSizeRecord size(const std::string& server, const std::string& engine, std::int64_t rows,
                    std::uint64_t data, std::uint64_t server_bytes) {
  DataSizeRecord r;
  r.server = server;
  r.profile = "default";
  r.engine = engine;
  r.tables = 1;
  r.table_size = rows;
  r.file_source = "files";
  r.data_file_bytes = data;
  r.data_length = server_bytes;
  return r;
}
}  // namespace

TEST_CASE("data-size tables: one per engine, sizes ascending, columns in the run's order",
          "[report][data_size]") {
  RunResults r;
  r.info.servers = {"mysql-5.1", "mysql-5.5"};
  r.info.profiles = {"default"};
  constexpr std::uint64_t MiB = 1 << 20;
  r.data_sizes = {size("mysql-5.5", "myisam", 1000000, 100 * MiB, 99 * MiB),
                  size("mysql-5.1", "myisam", 1000000, 290 * MiB, 288 * MiB),
                  size("mysql-5.1", "myisam", 500000, 145 * MiB, 144 * MiB),
                  size("mysql-5.1", "innodb", 500000, 120 * MiB, 110 * MiB)};
  const auto tables = data_size_tables(r);
  REQUIRE(tables.size() == 2);
  const TextTable& myisam = tables[0];
  CHECK_THAT(myisam.title, Catch::StartsWith("Data size, myisam, 1 table(s)") &&
                               Catch::EndsWith("ratio to mysql-5.1/default"));
  CHECK(myisam.header ==
        std::vector<std::string>{"rows", "mysql-5.1/default", "mysql-5.5/default"});
  REQUIRE(myisam.rows.size() == 2);
  CHECK(myisam.rows[0] == std::vector<std::string>{"500000", "145.0 (144.0)", "-"});
  CHECK(myisam.rows[1] ==
        std::vector<std::string>{"1000000", "290.0 (288.0)", "100.0 (99.0) x0.34"});
  CHECK(tables[1].header == std::vector<std::string>{"rows", "mysql-5.1/default"});
}

TEST_CASE("no data-size records, no tables; MiB with one decimal", "[report][data_size]") {
  CHECK(data_size_tables(RunResults{}).empty());
  CHECK(mib_text(0) == "0.0");
  CHECK(mib_text(1572864) == "1.5");
}

TEST_CASE("data-size tables: TPC-C's instances are sized in warehouses", "[report][data_size]") {
  RunResults r;
  r.info.servers = {"a"};
  r.info.profiles = {"default"};
  DataSizeRecord tpcc = size("a", "innodb", 2, 200 << 20, 160 << 20);
  tpcc.tables = 9;
  r.data_sizes = {tpcc};
  versus::results::CellRecord cell;
  cell.server = "a";
  cell.profile = "default";
  cell.engine = "innodb";
  cell.workload = "oltp_read_only";
  cell.table_size = 2;
  r.cells = {cell};
  CHECK(size_family(r, tpcc) == nullptr);  // another workload at the same size
  CHECK(data_size_tables(r)[0].header[0] == "rows");
  r.cells[0].workload = "tpcc";
  CHECK(size_family(r, tpcc) == &versus::sysbench::tpcc_traits());
  const auto tables = data_size_tables(r);
  CHECK_THAT(tables[0].title, Catch::StartsWith("Data size, innodb, TPC-C's 9 tables: "));
  CHECK(tables[0].header[0] == "warehouses");
  CHECK(tables[0].rows[0][0] == "2");
}

TEST_CASE("data-size tables: an instance of none of versus's tables (a replay's dump) is left out",
          "[report][data_size]") {
  RunResults r;
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  DataSizeRecord dump_only = size("a", "innodb", 10000, 0, 0);
  dump_only.tables = 0;
  CHECK_FALSE(has_measured_size(dump_only));
  r.data_sizes = {dump_only};
  CHECK(data_size_tables(r).empty());
  r.data_sizes.push_back(size("b", "innodb", 10000, 1 << 20, 1 << 20));
  CHECK(has_measured_size(r.data_sizes.back()));
  CHECK(data_size_tables(r).size() == 1);
}
