#include "load/tally/interval_histogram.h"

#include <catch2/catch.hpp>

namespace versus::load {

TEST_CASE("IntervalHistogram: p95 within its coarse error, drained once",
          "[load][interval_histogram]") {
  IntervalHistogram h;
  for (std::uint64_t v = 1; v <= 100000; ++v) h.record(v * 1000);  // 1 us .. 100 ms, uniform
  std::array<std::uint64_t, IntervalHistogram::kBuckets> totals{};
  h.drain_into(totals);
  double p95 = IntervalHistogram::quantile(totals, 0.95);
  CHECK(p95 == Approx(95e6).epsilon(0.07));  // 16 sub-buckets: < 6.3% error
  // Draining cleared it: a second drain adds nothing.
  std::array<std::uint64_t, IntervalHistogram::kBuckets> again{};
  h.drain_into(again);
  CHECK(IntervalHistogram::quantile(again, 0.95) == 0);
}

TEST_CASE("IntervalHistogram: several threads' histograms sum", "[load][interval_histogram]") {
  IntervalHistogram fast, slow;
  for (int i = 0; i < 90; ++i) fast.record(1'000'000);   // 1 ms
  for (int i = 0; i < 10; ++i) slow.record(50'000'000);  // 50 ms
  std::array<std::uint64_t, IntervalHistogram::kBuckets> totals{};
  fast.drain_into(totals);
  slow.drain_into(totals);
  CHECK(IntervalHistogram::quantile(totals, 0.5) == Approx(1e6).epsilon(0.07));
  CHECK(IntervalHistogram::quantile(totals, 0.95) == Approx(50e6).epsilon(0.07));
}

}  // namespace versus::load
