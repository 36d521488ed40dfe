// The relative table's CSV, JSON and HTML heat map, from the fixture relative_table_test
// builds (support/relative_tables.h).
#include "report/run/relative_writers.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "support/golden.h"
#include "support/relative_tables.h"

using versus::report::heat_class;
using versus::report::relative_table;

TEST_CASE("heat_class: bands about symmetric in log scale, the edges as documented",
          "[report][relative_writers]") {
  CHECK(heat_class(0.5) == "heat-n3");
  CHECK(heat_class(0.8) == "heat-n3");
  CHECK(heat_class(0.81) == "heat-n2");
  CHECK(heat_class(0.9) == "heat-n2");
  CHECK(heat_class(0.95) == "heat-n1");
  CHECK(heat_class(0.97) == "heat-n1");
  CHECK(heat_class(0.98) == "heat-0");
  CHECK(heat_class(1.0) == "heat-0");
  CHECK(heat_class(1.029) == "heat-0");
  CHECK(heat_class(1.03) == "heat-p1");
  CHECK(heat_class(1.11) == "heat-p2");
  CHECK(heat_class(1.249) == "heat-p2");
  CHECK(heat_class(1.25) == "heat-p3");
  CHECK(heat_class(4.0) == "heat-p3");
}

TEST_CASE("relative table: the HTML cells carry their band, pale where not significant",
          "[report][relative_writers]") {
  const std::string html = versus::report::relative_table_html(
      *relative_table(versus::testing::relative_suite_tables()));
  CHECK(html.find("<td class=\"num heat-n3\">0.50 [0.48, 0.52]</td>") != std::string::npos);
  CHECK(html.find("<td class=\"num heat-0 unsure\">1.02 [0.92, 1.12]</td>") != std::string::npos);
  CHECK(html.find("<section id=\"relative\"") == 0);
  // b's point group: both rows slower, so its mean is as sure as they are; c's are not.
  CHECK(html.find("<td class=\"num mean heat-n2\">0.85 (2 of 2 tests)</td>") !=
        std::string::npos);
  CHECK(html.find("<td class=\"num mean heat-0 unsure\">1.00 (2 of 2 tests)</td>") !=
        std::string::npos);
  CHECK(html.find("<td class=\"name group\">point</td>") != std::string::npos);
  // Too few runs for a verdict: pale too, whatever the ratio.
  auto tables = versus::testing::relative_suite_tables();
  tables[1].rows.front().cells[1].vs_baseline->verdict =
      versus::results::Verdict::insufficient_data;  // update_one's b: 0.50
  const std::string few = versus::report::relative_table_html(*relative_table(tables));
  CHECK(few.find("<td class=\"num heat-n3 unsure\">0.50 [0.48, 0.52]</td>") != std::string::npos);
}

TEST_CASE("relative table: CSV", "[golden]") {
  std::ostringstream out;
  versus::report::write_relative_csv(out,
                                     *relative_table(versus::testing::relative_suite_tables()));
  versus::testing::check_golden("relative_table.csv", out.str());
}

TEST_CASE("relative table: JSON", "[golden]") {
  const auto json = versus::report::relative_table_json(
      *relative_table(versus::testing::relative_suite_tables()));
  versus::testing::check_golden("relative_table.json", json.dump(2) + "\n");
}

TEST_CASE("relative table: HTML", "[golden]") {
  versus::testing::check_golden("relative_table.html",
                                versus::report::relative_table_html(
                                    *relative_table(versus::testing::relative_suite_tables())));
}
