// The "warmup" object of results.json: written when recorded, read back, absent in older
// results (which then read as not recorded), and malformed values name the field.
#include "results/record/warmup_json.h"

#include <catch2/catch.hpp>

#include "results/record/record_json.h"

using namespace versus::results;

namespace {
using Json = nlohmann::ordered_json;
}  // namespace

TEST_CASE("warmup_json: a record survives the round trip", "[results][warmup]") {
  const versus::measured::WarmupRecord w{true, true, 0.42, 7.01, true, true};
  const Json j = warmup_to_json(w);
  CHECK(j.dump() ==
        R"({"prewarm":true,"prewarm_seconds":0.42,"seconds":7.01,"rule":"steady","steady":true})");
  auto back = warmup_from_json(j, "cells[0].warmup");
  REQUIRE(back);
  CHECK(back->recorded);
  CHECK(back->prewarm);
  CHECK(back->prewarm_seconds == 0.42);
  CHECK(back->seconds == 7.01);
  CHECK(back->until_steady);
  CHECK(back->steady);
  CHECK(warmup_to_json(versus::measured::WarmupRecord{true, false, 0, 5, false, false})["rule"] ==
        "fixed");
}

TEST_CASE("warmup_json: malformed objects name the field", "[results][warmup]") {
  Json j = warmup_to_json(versus::measured::WarmupRecord{true, false, 0, 5, false, false});
  j["rule"] = "eventually";
  CHECK(warmup_from_json(j, "cells[1].warmup").error().message ==
        "cells[1].warmup.rule: expected \"fixed\" or \"steady\"");
  j.erase("seconds");
  CHECK(warmup_from_json(j, "cells[1].warmup").error().message ==
        "cells[1].warmup.seconds: missing");
  CHECK(warmup_from_json(Json::array(), "w").error().message == "w: expected an object");
}

TEST_CASE("warmup in results.json: written per cell when recorded; older results still read",
          "[results][warmup]") {
  RunResults r;
  r.info.run_id = "run-1";
  r.cells.resize(2);
  for (auto& c : r.cells) {
    c.server = "a";
    c.threads = 1;
  }
  r.cells[0].warmup = versus::measured::WarmupRecord{true, true, 0.5, 12.0, true, false};
  Json json = results_to_json(r);
  CHECK(json["cells"][0]["warmup"]["rule"] == "steady");
  CHECK_FALSE(json["cells"][1].contains("warmup"));  // not recorded: as results were before
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back);
  CHECK(back->cells[0].warmup.recorded);
  CHECK(back->cells[0].warmup.prewarm_seconds == 0.5);
  CHECK_FALSE(back->cells[0].warmup.steady);
  CHECK_FALSE(back->cells[1].warmup.recorded);
  json["cells"][0]["warmup"]["steady"] = "no";
  CHECK_THAT(parse_results(json.dump(), "results.json").error().message,
             Catch::Contains("cells[0].warmup.steady: expected a boolean, got string"));
}
