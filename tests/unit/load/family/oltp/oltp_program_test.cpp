// OltpProgram planned without a server: each step's class and values as sysbench draws them;
// a retried 0.4 transaction runs the same ids again, a retried 1.0 one draws new ones.
#include "load/family/oltp/oltp_program.h"

#include <catch2/catch.hpp>
#include <vector>

#include "load/family/oltp/statement_sql.h"
#include "load/family/registry.h"

using versus::sysbench::Workload;
namespace load = versus::load;

namespace {
std::vector<long long> first_ints(load::OltpProgram& p, load::Random& rng, bool retry) {
  std::vector<load::Step> steps;
  std::size_t planned = 0;
  load::StepList list(steps, planned);
  p.plan(list, rng, retry);
  std::vector<long long> ids;
  for (std::size_t i = 0; i < planned; ++i) ids.push_back(steps[i].ints[0]);
  return ids;
}
}  // namespace

TEST_CASE("oltp program: a retried 0.4 transaction keeps its ids, a 1.0 one draws anew",
          "[load][oltp_program]") {
  load::SessionConfig c;
  c.table_size = 1'000'000;
  c.mix = load::mix_for(Workload::legacy_complex);
  load::OltpProgram legacy(c);
  legacy.prepare_offline();
  load::Random rng(7);
  const auto first = first_ints(legacy, rng, false);
  CHECK(first_ints(legacy, rng, true) == first);
  CHECK(first_ints(legacy, rng, false) != first);

  c.mix = load::mix_for(Workload::oltp_read_write);
  load::OltpProgram modern(c);
  modern.prepare_offline();
  const auto one = first_ints(modern, rng, false);
  CHECK(first_ints(modern, rng, true) != one);
  CHECK_FALSE(modern.takes_results());
}

TEST_CASE("oltp program: BEGIN as text offline, then the mix's classes", "[load][oltp_program]") {
  load::SessionConfig c;
  c.mix = load::mix_for(Workload::oltp_point_select);
  c.mix.transaction = true;
  load::OltpProgram p(c);
  p.prepare_offline();
  std::vector<load::Step> steps;
  std::size_t planned = 0;
  load::StepList list(steps, planned);
  load::Random rng(1);
  p.plan(list, rng, false);
  REQUIRE(planned == 3);
  CHECK(steps[0].klass == load::oltp::begin);
  CHECK(steps[0].text == "BEGIN");
  CHECK(steps[1].klass == load::oltp::point_select);
  CHECK((steps[1].ints[0] >= 1 && steps[1].ints[0] <= 10000));
  CHECK(steps[2].text == "COMMIT");
}
