// A cell's "usage" object on its own: every figure round trips, a wrong-typed one is named by
// its path, and one written before the later figures were recorded reads with their defaults.
#include "results/record/usage_json.h"

#include <catch2/catch.hpp>

#include "support/full_records.h"

namespace usage_json_test {

using namespace versus::results;
using versus::measured::UsageRecord;
using versus::testing::every_usage_figure;  // every figure set, the client on another host
using Json = nlohmann::ordered_json;

TEST_CASE("usage_json: a usage record round trips", "[results][usage]") {
  const UsageRecord u = every_usage_figure();
  const Json json = usage_to_json(u);
  CHECK(json.begin().key() == "interval_s");
  CHECK(json.back() == false);  // client_on_host last, and only when false
  auto back = usage_from_json(json, "cells[3].usage");
  REQUIRE(back);
  CHECK(back->measured);
  CHECK(usage_to_json(*back) == json);
  CHECK(back->status.at("Threads_connected") == -3);
  CHECK(back->placement.server_cpus.at(10) == 1);
}

TEST_CASE("usage_json: a wrong-typed figure names its path", "[results][usage]") {
  Json json = usage_to_json(every_usage_figure());
  json["host_cpus"] = "4";
  CHECK(usage_from_json(json, "cells[3].usage").error().message ==
        "cells[3].usage.host_cpus: expected an integer, got string");
  json = usage_to_json(every_usage_figure());
  json["placement"]["client_migrations"] = "3";
  CHECK(usage_from_json(json, "cells[3].usage").error().message ==
        "cells[3].usage.placement.client_migrations: expected an integer, got string");
  json = usage_to_json(every_usage_figure());
  json.erase("peak_rss_bytes");
  CHECK(usage_from_json(json, "cells[3].usage").error().message ==
        "cells[3].usage.peak_rss_bytes: missing");
}

TEST_CASE("usage_json: an older usage record reads with the defaults", "[results][usage]") {
  Json json = usage_to_json(every_usage_figure());
  for (const char* key : {"interval_s", "transactions", "cpu_interval_s", "steal_s", "host_speed",
                          "host_speed_samples", "placement", "client_on_host"})
    json.erase(key);
  auto back = usage_from_json(json, "cells[3].usage");
  REQUIRE(back);
  const UsageRecord defaults;
  CHECK(back->measured);
  CHECK(back->interval_s == 0);
  CHECK(back->transactions == 0);
  CHECK(back->cpu_interval() == 0);
  CHECK(back->steal_s == 0);
  CHECK(back->host_speed_samples == 0);
  CHECK(back->placement.samples == 0);
  CHECK(back->placement.server_migrations == defaults.placement.server_migrations);
  CHECK(back->client_on_host);  // absent: the client ran on the server's host
  CHECK(back->server_cpu_s() == 1.75);
}

}  // namespace usage_json_test
