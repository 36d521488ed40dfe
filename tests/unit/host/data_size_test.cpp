#include "host/data_size.h"

#include <catch2/catch.hpp>
#include <string>

#include "support/temp_dir.h"

using versus::results::DataSizeRecord;
using versus::testing::TempDir;
namespace host = versus::host;

TEST_CASE("sysbench tables are sbtest and sbtest followed by digits only", "[run][data_size]") {
  CHECK(host::is_loaded_table("sbtest"));
  CHECK(host::is_loaded_table("sbtest1"));
  CHECK(host::is_loaded_table("sbtest12"));
  CHECK_FALSE(host::is_loaded_table("sbtest_other"));
  CHECK_FALSE(host::is_loaded_table("sbtest1a"));
  CHECK_FALSE(host::is_loaded_table("t1"));
  CHECK(host::is_loaded_table("sbtest3"));
  CHECK(host::is_loaded_table("order_line"));
  CHECK(host::is_loaded_table("warehouse"));
  CHECK_FALSE(host::is_loaded_table("orders_old"));
  CHECK_FALSE(host::is_loaded_table("sbtest_other"));
}

TEST_CASE("MyISAM files: data from .MYD, index from .MYI, other tables not counted",
          "[run][data_size]") {
  TempDir dir;
  dir.write("sbtest/sbtest1.MYD", std::string(1000, 'd'));
  dir.write("sbtest/sbtest1.MYI", std::string(300, 'i'));
  dir.write("sbtest/sbtest2.MYD", std::string(500, 'd'));
  dir.write("sbtest/sbtest1.frm", std::string(77, 'f'));
  dir.write("sbtest/notes.MYD", std::string(9999, 'x'));
  DataSizeRecord r;
  r.engine = "myisam";
  host::read_file_sizes(dir.path(), "sbtest", 0, r);
  CHECK(r.data_file_bytes == 1500);
  CHECK(r.index_file_bytes == 300);
  CHECK(r.file_source == "files");
  CHECK(r.file_bytes() == 1800);
}

TEST_CASE("InnoDB: .ibd files, or the shared tablespace's growth without them",
          "[run][data_size]") {
  TempDir dir;
  dir.write("ibdata1", std::string(4000, 'x'));
  dir.write("sbtest/sbtest1.frm", "f");
  DataSizeRecord shared;
  shared.engine = "innodb";
  host::read_file_sizes(dir.path(), "sbtest", 1000, shared);
  CHECK(shared.file_source == "shared tablespace");
  CHECK(shared.data_file_bytes == 3000);
  CHECK(host::shared_tablespace_bytes(dir.path()) == 4000);

  dir.write("sbtest/sbtest1.ibd", std::string(2500, 'i'));
  DataSizeRecord per_table;
  per_table.engine = "innodb";
  host::read_file_sizes(dir.path(), "sbtest", 1000, per_table);
  CHECK(per_table.file_source == "files");
  CHECK(per_table.data_file_bytes == 2500);
  CHECK(per_table.index_file_bytes == 0);
}
