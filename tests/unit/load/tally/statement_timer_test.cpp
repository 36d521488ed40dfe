#include "load/tally/statement_timer.h"

#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

using versus::load::StatementTimer;
using versus::load::statement_times;

namespace {
const std::vector<std::string_view> kNames{"point select", "SUM range", "COMMIT"};
}  // namespace

TEST_CASE("StatementTimer: threads' timers merge class by class", "[load][statement_timer]") {
  StatementTimer a(3), b(3);
  for (int i = 0; i < 10; ++i) a.record(0, 100'000);  // 0.1 ms
  b.record(0, 300'000);
  b.record(2, 2'000'000);  // 2 ms
  StatementTimer all;
  all.merge(a);
  all.merge(b);
  REQUIRE(all.classes() == 3);
  CHECK(all.of(0).count() == 11);
  CHECK(all.of(1).count() == 0);
  CHECK(all.of(2).count() == 1);
  CHECK(all.of(0).max() == 300'000);
}

TEST_CASE("statement_times: classes that ran, in class order, in ms", "[load][statement_timer]") {
  StatementTimer t(3);
  for (int i = 0; i < 99; ++i) t.record(2, 1'000'000);
  t.record(2, 11'000'000);
  t.record(0, 50'000);
  t.record(7, 1);  // beyond the list: ignored
  const auto times = statement_times(t, kNames);
  REQUIRE(times.size() == 2);  // SUM range never ran
  CHECK(times[0].statement == "point select");
  CHECK(times[0].count == 1);
  CHECK(times[0].total_ms == Approx(0.05));
  CHECK(times[1].statement == "COMMIT");
  CHECK(times[1].count == 100);
  CHECK(times[1].total_ms == Approx(110.0));
  CHECK(times[1].mean_ms == Approx(1.1));
  CHECK(times[1].p50_ms == Approx(1.0).epsilon(0.02));
  CHECK(times[1].p95_ms == Approx(1.0).epsilon(0.02));
  CHECK(times[1].p99_ms == Approx(1.0).epsilon(0.02));
}

TEST_CASE("statement_times: an unsized timer (timing off) has none", "[load][statement_timer]") {
  CHECK(statement_times(StatementTimer(), kNames).empty());
}
