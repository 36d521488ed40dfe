#include "report/console/progress_printer.h"

#include <catch2/catch.hpp>
#include <sstream>

namespace {
using namespace versus;
}  // namespace

TEST_CASE("ProgressPrinter::round_done names each open comparison with its table size",
          "[report][progress]") {
  std::ostringstream out;
  report::ProgressPrinter printer(out, false);
  results::RoundStatus s;
  s.rounds_done = 3;
  s.max_rounds = 10;
  s.comparisons = 4;
  s.elapsed_s = 41.2;
  s.open = {{0, 0, "a2", "base", "innodb", "oltp_read_only", 1, 0, 1, 10000},
            {0, 0, "a2", "base", "innodb", "oltp_read_only", 1, 0, 1, 100000}};
  printer.round_done(s);
  CHECK(out.str() ==
        "versus: round 3 of 10 done (41 s): 2 of 4 comparisons open: oltp_read_only/innodb "
        "10000 rows t=1 a2/base, oltp_read_only/innodb 100000 rows t=1 a2/base; next round\n");
  out.str("");
  s.open.resize(7, s.open.front());  // a long list: the first four, then how many more
  printer.round_done(s);
  CHECK_THAT(out.str(), Catch::Contains("t=1 a2/base and 3 more; next round"));
  CHECK(out.str().find("100000 rows") != std::string::npos);
  out.str("");
  s.open.clear();
  s.next = results::RoundStatus::Next::decided;
  printer.round_done(s);
  CHECK(out.str() ==
        "versus: round 3 of 10 done (41 s): 0 of 4 comparisons open; every comparison decided\n");
}
