// results.json's "data_sizes" on their own: records round trip, a wrong-typed field is named
// by its path, and older records without the later fields read with the defaults.
#include "results/record/data_size_json.h"

#include <catch2/catch.hpp>

#include "support/full_records.h"

namespace data_size_json_test {

using namespace versus::results;
using versus::testing::every_size_fact;
using Json = nlohmann::ordered_json;

Json sizes_object(const std::vector<DataSizeRecord>& sizes) {
  return Json{{"data_sizes", data_sizes_to_json(sizes)}};
}

TEST_CASE("data_size_json: a data size record round trips", "[results][data_size]") {
  const std::vector<DataSizeRecord> sizes = {every_size_fact(), DataSizeRecord{}};
  const Json json = sizes_object(sizes);
  CHECK(json["data_sizes"][0] == data_size_to_json(sizes[0]));
  CHECK_FALSE(json["data_sizes"][1].contains("settings"));
  CHECK_FALSE(json["data_sizes"][1].contains("table_charset"));
  auto back = data_sizes_from_json(json);
  REQUIRE(back);
  REQUIRE(back->size() == 2);
  CHECK(data_sizes_to_json(*back) == json["data_sizes"]);
  CHECK(back->at(0).settings == sizes[0].settings);
  CHECK(back->at(0).file_bytes() == sizes[0].file_bytes());
  REQUIRE(back->at(0).plans.size() == 2);
  CHECK(back->at(0).plans[0].shape.tables == sizes[0].plans[0].shape.tables);
  CHECK(back->at(0).plans[0].shape.filesort);
  CHECK(back->at(0).plans[1].error == sizes[0].plans[1].error);
  CHECK_FALSE(json["data_sizes"][0]["plans"][0].contains("error"));
  CHECK_FALSE(json["data_sizes"][1].contains("plans"));
}

TEST_CASE("data_size_json: a wrong-typed field names its path", "[results][data_size]") {
  Json json = sizes_object({every_size_fact(), every_size_fact()});
  json["data_sizes"][1]["file_source"] = 1;
  CHECK(data_sizes_from_json(json).error().message ==
        "data_sizes[1].file_source: expected a string, got number");
  json = sizes_object({every_size_fact()});
  json["data_sizes"][0]["plans"][0]["tables"][0]["rows"] = "many";
  CHECK_THAT(data_sizes_from_json(json).error().message,
             Catch::StartsWith("data_sizes[0].plans[0].tables[0].rows: expected a number"));
  json = sizes_object({every_size_fact()});
  json["data_sizes"][0]["settings"]["sync_binlog"] = 1;
  CHECK_THAT(data_sizes_from_json(json).error().message,
             Catch::StartsWith("data_sizes[0].settings.sync_binlog: expected a string"));
}

TEST_CASE("data_size_json: an older record reads with the defaults; no sizes read as none",
          "[results][data_size]") {
  Json json = sizes_object({every_size_fact()});
  for (const char* key :
       {"statistics", "from_cache", "table_charset", "table_collation", "settings", "plans"})
    json["data_sizes"][0].erase(key);
  auto back = data_sizes_from_json(json);
  REQUIRE(back);
  CHECK(back->at(0).statistics.empty());
  CHECK_FALSE(back->at(0).from_cache);
  CHECK(back->at(0).table_charset.empty());
  CHECK(back->at(0).settings.empty());
  CHECK(back->at(0).plans.empty());
  CHECK(back->at(0).data_length == 123);
  auto none = data_sizes_from_json(Json::object());
  REQUIRE(none);
  CHECK(none->empty());
}

}  // namespace data_size_json_test
