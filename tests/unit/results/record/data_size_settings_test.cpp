// The tables' charset and collation and the listed settings of an instance in results.json
// (data_sizes[]): they round trip, a malformed one names its field, older files read without.
#include <catch2/catch.hpp>

#include "results/record/record_json.h"

namespace {
using namespace versus::results;
using Json = nlohmann::ordered_json;

RunResults with_settings() {
  RunResults r;
  r.info = {"20260101-000000", "m.yaml", "2026-01-01T00:00:00Z", "0.1.0", {"mysql-9.7"},
            {"as-shipped"},    {}};
  DataSizeRecord s;
  s.server = "mysql-9.7";
  s.profile = "as-shipped";
  s.engine = "innodb";
  s.tables = 1;
  s.table_size = 1000;
  s.file_source = "files";
  s.table_charset = "utf8mb4";
  s.table_collation = "utf8mb4_0900_ai_ci";
  s.settings = {{"log_bin", "ON"}, {"sync_binlog", "1"}};
  r.data_sizes = {s};
  return r;
}
}  // namespace

TEST_CASE("data sizes: the tables' charset and the settings round trip", "[results][settings]") {
  const Json j = results_to_json(with_settings());
  CHECK(j["data_sizes"][0]["table_collation"] == "utf8mb4_0900_ai_ci");
  auto back = parse_results(j.dump(), "results.json");
  REQUIRE(back.has_value());
  REQUIRE(back->data_sizes.size() == 1);
  const DataSizeRecord& b = back->data_sizes[0];
  CHECK(b.table_charset == "utf8mb4");
  CHECK(b.table_collation == "utf8mb4_0900_ai_ci");
  CHECK(b.settings == std::map<std::string, std::string>{{"log_bin", "ON"}, {"sync_binlog", "1"}});
}

TEST_CASE("data sizes: older results have no settings; malformed ones are named",
          "[results][settings]") {
  Json j = results_to_json(with_settings());
  j["data_sizes"][0].erase("settings");
  j["data_sizes"][0].erase("table_charset");
  j["data_sizes"][0].erase("table_collation");
  auto back = parse_results(j.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->data_sizes[0].settings.empty());
  CHECK(back->data_sizes[0].table_collation.empty());
  j["data_sizes"][0]["settings"] = Json{{"log_bin", 1}};
  back = parse_results(j.dump(), "results.json");
  REQUIRE_FALSE(back.has_value());
  CHECK_THAT(back.error().message,
             Catch::Contains("data_sizes[0].settings.log_bin: expected a string"));
  j["data_sizes"][0]["settings"] = Json::object();
  j["data_sizes"][0]["table_collation"] = 5;
  back = parse_results(j.dump(), "results.json");
  REQUIRE_FALSE(back.has_value());
  CHECK_THAT(back.error().message,
             Catch::Contains("data_sizes[0].table_collation: expected a string"));
}
