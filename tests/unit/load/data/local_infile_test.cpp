#include "load/data/local_infile.h"

#include <catch2/catch.hpp>

TEST_CASE("load_data_sql: LOCAL, tab-separated lines, explicit columns", "[load][local_infile]") {
  CHECK(versus::load::load_data_sql("sbtest3") ==
        "LOAD DATA LOCAL INFILE 'versus-generated-rows' INTO TABLE sbtest3 FIELDS TERMINATED "
        "BY '\\t' LINES TERMINATED BY '\\n' (id, k, c, pad)");
}

TEST_CASE("load_data_sql: without the id column when AUTO_INCREMENT numbers the rows",
          "[load][local_infile]") {
  CHECK(versus::load::load_data_sql("sbtest1", versus::load::RowIds::auto_increment) ==
        "LOAD DATA LOCAL INFILE 'versus-generated-rows' INTO TABLE sbtest1 FIELDS TERMINATED "
        "BY '\\t' LINES TERMINATED BY '\\n' (k, c, pad)");
}
