#include "load/family/tpcc/consistency.h"

#include <catch2/catch.hpp>
#include <string>

using namespace versus::load::tpcc;

TEST_CASE("TPC-C consistency: conditions 1-10, each a count of what breaks it", "[load][tpcc]") {
  const auto& conditions = consistency_conditions();
  REQUIRE(conditions.size() == 10);
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    const auto& c = conditions[i];
    CHECK(c.number == static_cast<int>(i) + 1);
    CHECK(std::string(c.sql).rfind("SELECT COUNT(*) FROM ", 0) == 0);
    CHECK_FALSE(c.text.empty());
  }
  CHECK(std::string(conditions[0].sql).find("SUM(d_ytd)") != std::string::npos);
  CHECK(std::string(conditions[1].sql).find("MAX(no_o_id)") != std::string::npos);
  CHECK(std::string(conditions[2].sql).find("MIN(no_o_id)") != std::string::npos);
  CHECK(std::string(conditions[3].sql).find("SUM(o_ol_cnt)") != std::string::npos);
  CHECK(std::string(conditions[4].sql).find("LEFT JOIN new_order") != std::string::npos);
  CHECK(std::string(conditions[9].sql).find("ol_delivery_d IS NOT NULL") != std::string::npos);
  for (const auto& c : conditions)  // set-based: no subquery in a WHERE (one per row)
    CHECK(std::string(c.sql).find("> (SELECT") == std::string::npos);
}
