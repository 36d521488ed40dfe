#include "load/family/tpcc/tpcc_statements.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>

using namespace versus::load;
using namespace versus::load::tpcc;

TEST_CASE("TPC-C statements: one list, in Sql order, named once, parameters as placeholders",
          "[load][tpcc]") {
  const auto& texts = sql_texts();
  REQUIRE(texts.size() == kSqlCount);
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const SqlText& t = texts[i];
    CHECK(static_cast<std::size_t>(t.id) == i);
    CHECK(names.insert(t.name).second);
    const auto marks = std::count(t.sql.begin(), t.sql.end(), '?');
    CHECK(static_cast<std::size_t>(marks) == t.params.size());
    CHECK(t.params.size() <= Statement::kMaxParams);
    CHECK(t.results.size() <= Statement::kMaxResults);
    CHECK(std::count(t.params.begin(), t.params.end(), ParamType::step_text) <= 1);
  }
  CHECK(sql_text(Sql::no_district).name == "new_order.district");
  CHECK(sql_text(Sql::sl_stock_count).name == "stock_level.stock_count");
}
