#include "report/why/why_writer.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <sstream>

#include "support/why_cells.h"


using versus::testing::why_cell;

TEST_CASE("write_why: the whole gap, each group's share, the release, what cannot be alike",
          "[report][why]") {
  versus::results::RunResults r;
  for (int round = 0; round < 5; ++round) {
    const double e = 1 + 0.004 * (round % 3);
    r.cells.push_back(why_cell("b", round, 100 * e));
    r.cells.push_back(why_cell("c", round, 60 * e));
    r.cells.push_back(why_cell("c.d", round, 75 * e));
    r.cells.push_back(why_cell("c.all", round, 90 * e));
  }
  const versus::results::WhyDesign d{"b",
                                     "c",
                                     "p",
                                     {{"durability", "c.d", {"log_bin ON -> OFF"}}},
                                     "c.all",
                                     {"memory and logs: innodb_change_buffering: absent"},
                                     {},
                                     ""};
  const auto rows = versus::results::why_rows(r, d, 0.02, versus::results::Adjustment::holm);
  std::ostringstream out;
  versus::report::write_why(out, d, rows);
  const std::string text = out.str();
  INFO(text);
  CHECK(text.find("What makes the difference: c against b (p)") == 0);
  CHECK(text.find("oltp_read_write, innodb, 1000 rows, 4 threads: as shipped x0.60 [") !=
        std::string::npos);
  CHECK(text.find("  durability (log_bin ON -> OFF): 44% [") != std::string::npos);
  CHECK(text.find("  the release itself (every setting above alike): 21% [") != std::string::npos);
  CHECK(text.find("  interaction (what the groups alone do not add up to): 36% [") !=
        std::string::npos);
  CHECK(text.find("of the gap; ratio x0.83 [") != std::string::npos);
  CHECK(text.find(";  ") == std::string::npos);
  CHECK(text.find("cannot be made alike (in the release's part): memory and logs: "
                  "innodb_change_buffering: absent") != std::string::npos);
  const auto j = versus::report::why_json(d, rows);
  CHECK(j["rows"][0]["groups"][0]["share"].get<double>() == Approx(0.437).epsilon(0.01));
  CHECK(j["rows"][0]["split"] == true);
}

// An undecided the family's adjustment held back (its interval alone beyond +-2%) says so,
// with both p-values; a decided one and one undecided on its own data say nothing more.
TEST_CASE("why_ratio_text: a verdict held back by the adjustment names both p-values",
          "[report][why]") {
  using namespace versus::results;
  auto weak = compare_means({100, 103, 97, 100, 102, 98}, {104, 106, 100, 103, 105, 101});
  auto flat = compare_means({100, 102, 99, 101}, {100, 101, 99, 100});
  REQUIRE(weak.verdict == Verdict::faster);
  const std::string alone = versus::report::why_ratio_text(weak);
  CHECK(alone.find("faster") != std::string::npos);
  CHECK(alone.find("alone") == std::string::npos);
  auto held = weak;
  auto flat2 = flat;
  adjust_family({&held, &flat, &flat2}, Adjustment::holm);
  const std::string text = versus::report::why_ratio_text(held);
  INFO(text);
  CHECK(text.find("undecided (p 0.0") != std::string::npos);
  CHECK(text.find(fmt::format(" alone, {:.2g} adjusted)", *held.adjusted_p_value)) !=
        std::string::npos);
  CHECK(versus::report::why_ratio_text(flat).find("alone") == std::string::npos);
}
