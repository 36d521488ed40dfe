#include "report/why/explanation_table.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <sstream>

#include "report/run/run_markdown.h"
#include "report/run/run_terminal.h"
#include "results/record/store.h"
#include "support/golden.h"
#include "support/temp_dir.h"
#include "support/why_cells.h"

namespace fs = std::filesystem;
using versus::testing::why_cell;

namespace {
struct WhyRunDir {
  versus::testing::TempDir dir;
  WhyRunDir() { versus::testing::write_why_run_dir(dir.path()); }
};
}  // namespace

TEST_CASE("explanations: a run directory's why runs read back and split", "[report][why]") {
  WhyRunDir run;
  const auto x = versus::report::read_explanations(run.dir.path());
  REQUIRE(x.splits.size() == 1);
  REQUIRE(x.splits[0].rows.size() == 2);
  CHECK(x.splits[0].rows[0].split.status == versus::results::GapStatus::split);
  CHECK(x.splits[0].rows[1].split.status == versus::results::GapStatus::no_gap);
  REQUIRE(x.skipped.size() == 1);
  CHECK(versus::report::skipped_lines(x) ==
        std::vector<std::string>{"not split: e: no row's gap to b is decided"});
  // A why directory without results is named, not dropped in silence.
  fs::create_directories(run.dir.path() / "why-f");
  std::ofstream(run.dir.path() / "why-f" / "why-design.json") << "{}";
  const auto more = versus::report::read_explanations(run.dir.path());
  CHECK(more.splits.size() == 1);
  REQUIRE(more.skipped.size() == 2);
  CHECK(more.skipped[1].column == "why-f");
}

TEST_CASE("explanations: the waterfall's steps multiply from 1 to the whole gap", "[report][why]") {
  WhyRunDir run;
  const auto x = versus::report::read_explanations(run.dir.path());
  const auto charts = versus::report::explanation_charts(x);
  REQUIRE(charts.size() == 1);  // the 16-thread row has no gap to split
  const auto& c = charts[0];
  CHECK(c.categories ==
        std::vector<std::string>{"the release itself", "durability", "interaction", "as shipped"});
  const auto& s = c.series.at(0);
  CHECK(s.starts[0] == 1);
  CHECK(*s.values[0] == Approx(0.9).epsilon(0.01));        // the release: A/B
  CHECK(s.starts[1] == Approx(*s.values[0]));              // each step starts at the last
  CHECK(*s.values[1] == Approx(0.9 * 0.8).epsilon(0.01));  // durability: C/G
  CHECK(*s.values[2] == Approx(0.6).epsilon(0.01));        // ends at the whole, C/B
  CHECK(s.starts[3] == 1);
  CHECK(*s.values[3] == Approx(*s.values[2]).epsilon(1e-9));  // as shipped: the same
}

TEST_CASE("explanations: text, Markdown, CSV and JSON", "[golden]") {
  WhyRunDir run;
  const auto x = versus::report::read_explanations(run.dir.path());
  std::ostringstream text, markdown, csv;
  for (const auto& t : versus::report::explanation_tables(x)) {
    versus::report::write_text_table(text, t);
    versus::report::write_markdown_text_table(markdown, t);
  }
  versus::report::write_explanations_csv(csv, x);
  versus::testing::check_golden("why.txt", text.str());
  versus::testing::check_golden("why.md", markdown.str());
  versus::testing::check_golden("why.csv", csv.str());
  versus::testing::check_golden("why.json", versus::report::explanations_json(x).dump(2) + "\n");
}

TEST_CASE("explanations: one row in a sentence; the splits of one pair of columns",
          "[report][why]") {
  WhyRunDir run;
  const auto x = versus::report::read_explanations(run.dir.path());
  const auto& e = x.splits.at(0);
  const std::string split = versus::report::explanation_sentence(e.design, e.rows.at(0));
  INFO(split);
  CHECK(split.find("oltp_read_write, innodb, 1000 rows, 4 threads: as shipped x0.60 [") == 0);
  CHECK(split.find("; durability (log_bin ON -> OFF): 44% [") != std::string::npos);
  CHECK(split.find("; the release itself x0.90 [") != std::string::npos);
  CHECK(split.find("; interaction: 36% [") != std::string::npos);
  CHECK(versus::report::explanation_sentence(e.design, e.rows.at(1)).find(
            "16 threads: as shipped x1.00 [1.00, 1.00] same speed; no gap to split") !=
        std::string::npos);
  CHECK(versus::report::explanations_for(x, "b", "c", "p").splits.size() == 1);
  CHECK(versus::report::explanations_for(x, "c", "b", "p").splits.empty());
  CHECK(versus::report::explanations_for(x, "b", "c", "other").splits.empty());
  CHECK(versus::report::explanations_for(x, "b", "e", "p").skipped.size() == 1);
}
