// ChartSpec as the page's script reads it: keys in a fixed order, missing values null, the
// optional parts (dashed, whiskers, marks, reference, band) only when set; colours by column
// label; element ids safe in an attribute.
#include "report/html/html_chart.h"

#include <catch2/catch.hpp>

using namespace versus::report;
using Json = nlohmann::ordered_json;

TEST_CASE("html chart: a bare chart and series", "[report][html_chart]") {
  ChartSpec chart;
  chart.id = "tps-1";
  chart.title = "oltp_read_only, innodb";
  chart.x_title = "threads";
  chart.y_title = "TPS";
  chart.categories = {"1", "8"};
  chart.series.emplace_back("a/default", 0);
  chart.series[0].values = {1000.5, std::nullopt};
  const Json json = chart_to_json(chart);
  std::vector<std::string> keys;
  for (const auto& item : json.items()) keys.push_back(item.key());
  CHECK(keys == std::vector<std::string>{"id", "title", "x_title", "y_title", "categories",
                                         "y_from_zero", "series"});
  CHECK(json["y_from_zero"] == true);
  CHECK(json["series"][0] ==
        Json{{"label", "a/default"}, {"colour", 0}, {"values", Json::array({1000.5, nullptr})}});
}

TEST_CASE("html chart: whiskers, marks, dashes, a reference line and a band",
          "[report][html_chart]") {
  ChartSpec chart;
  chart.y_from_zero = false;
  chart.reference = 1.0;
  chart.band = ChartBand{0.98, 1.02, "within 2%"};
  ChartSeries& s = chart.series.emplace_back("b/default", 1, true);
  s.values = {1.05};
  s.ci_low = {std::nullopt};
  s.ci_high = {1.09};
  s.marks = {"faster"};
  const Json json = chart_to_json(chart);
  CHECK(json["y_from_zero"] == false);
  CHECK(json["reference"] == 1.0);
  CHECK(json["band"] == Json{{"low", 0.98}, {"high", 1.02}, {"label", "within 2%"}});
  const Json& series = json["series"][0];
  CHECK(series["dashed"] == true);
  CHECK(series["ci_low"] == Json::array({nullptr}));
  CHECK(series["ci_high"] == Json::array({1.09}));
  CHECK(series["marks"] == Json::array({"faster"}));
}

TEST_CASE("html chart: the page's data names its format", "[report][html_chart]") {
  ChartSpec one, two;
  one.id = "a";
  two.id = "b";
  const Json data = charts_data({one, two});
  CHECK(data["format"] == "versus-html/1");
  REQUIRE(data["charts"].size() == 2);
  CHECK(data["charts"][1]["id"] == "b");
  CHECK(charts_data({})["charts"] == Json::array());
}

TEST_CASE("html chart: a column keeps its colour in every chart", "[report][html_chart]") {
  ColourIndex colours;
  CHECK(colours.of("a/default") == 0);
  CHECK(colours.of("b/default") == 1);
  CHECK(colours.of("a/default") == 0);
  CHECK(colours.of("c/tuned") == 2);
}

TEST_CASE("html chart: ids of letters, digits, - and _", "[report][html_chart]") {
  CHECK(chart_id("tps", 3) == "tps-3");
  CHECK(chart_id("oltp_read_only, innodb/a b", 12) == "oltp_read_only__innodb_a_b-12");
  CHECK(chart_id("caf\xc3\xa9\"<x>", 0) == "caf____x_-0");
}
