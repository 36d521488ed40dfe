#include "results/record/why_record.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "support/temp_dir.h"

using versus::results::ExplainSkip;
using versus::results::WhyDesign;

TEST_CASE("why record: a design and the skipped columns read back as written", "[results][why]") {
  versus::testing::TempDir dir;
  const WhyDesign d{"b",           "c",
                    "p",           {{"durability", "c.alike-durability", {"log_bin ON -> OFF"}}},
                    "c.alike-all", {"memory and logs: innodb_change_buffering: absent"},
                    {"schema"},    "durability"};
  REQUIRE(versus::results::save_why_design(dir.path() / "why-c", d));
  auto back = versus::results::load_why_design(dir.path() / "why-c");
  REQUIRE(back);
  CHECK(back->baseline == "b");
  CHECK(back->column == "c");
  CHECK(back->profile == "p");
  REQUIRE(back->groups.size() == 1);
  CHECK(back->groups[0].server == "c.alike-durability");
  CHECK(back->groups[0].alike == std::vector<std::string>{"log_bin ON -> OFF"});
  CHECK(back->all_alike == "c.alike-all");
  CHECK(back->cannot == d.cannot);
  CHECK(back->left_out == std::vector<std::string>{"schema"});
  CHECK(back->within == "durability");

  auto none = versus::results::load_explain_skips(dir.path());
  REQUIRE(none);
  CHECK(none->empty());  // no explain.json: nothing was skipped
  REQUIRE(versus::results::save_explain_skips(dir.path(), {{"d", "no row's gap is decided"}}));
  auto skips = versus::results::load_explain_skips(dir.path());
  REQUIRE(skips);
  REQUIRE(skips->size() == 1);
  CHECK((*skips)[0].column == "d");
  CHECK((*skips)[0].why == "no row's gap is decided");
}

TEST_CASE("why record: a damaged design names the file and the field", "[results][why]") {
  versus::testing::TempDir dir;
  std::filesystem::create_directories(dir.path() / "why-c");
  std::ofstream(dir.path() / "why-c" / "why-design.json") << "{\"baseline\": 3}";
  auto bad = versus::results::load_why_design(dir.path() / "why-c");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.find("why-design.json") != std::string::npos);
  CHECK(bad.error().message.find("baseline") != std::string::npos);
  std::ofstream(dir.path() / "explain.json") << "not json";
  auto skips = versus::results::load_explain_skips(dir.path());
  REQUIRE_FALSE(skips);
  CHECK(skips.error().message.find("explain.json: not JSON") != std::string::npos);
}
