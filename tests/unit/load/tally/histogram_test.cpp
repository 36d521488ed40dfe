#include "load/tally/histogram.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

using versus::load::Histogram;

namespace {

double rel_error(double got, double want) {
  return std::fabs(got - want) / want;
}

}  // namespace

TEST_CASE("Histogram: an empty histogram reports zeros", "[load][histogram]") {
  Histogram h;
  CHECK(h.count() == 0);
  CHECK(h.min() == 0);
  CHECK(h.max() == 0);
  CHECK(h.mean() == 0.0);
  CHECK(h.quantile(0.0) == 0.0);
  CHECK(h.quantile(0.5) == 0.0);
  CHECK(h.quantile(1.0) == 0.0);
}

TEST_CASE("Histogram: values below 64 ns are recorded exactly", "[load][histogram]") {
  Histogram h;
  for (std::uint64_t v = 0; v < 64; ++v) h.record(v);
  REQUIRE(h.count() == 64);
  CHECK(h.min() == 0);
  CHECK(h.max() == 63);
  CHECK(h.mean() == Approx(31.5));
  // The k-th smallest of 0..63 is k-1, at quantile k/64.
  for (int k = 1; k <= 64; ++k) {
    INFO("k " << k);
    CHECK(h.quantile(static_cast<double>(k) / 64.0) == static_cast<double>(k - 1));
  }
}

TEST_CASE("Histogram: a few small values", "[load][histogram]") {
  Histogram h;
  h.record(7);
  h.record(5);
  h.record(5);
  h.record(40);
  CHECK(h.count() == 4);
  CHECK(h.min() == 5);
  CHECK(h.max() == 40);
  CHECK(h.mean() == Approx(14.25));
  CHECK(h.quantile(0.0) == 5.0);
  CHECK(h.quantile(0.5) == 5.0);
  CHECK(h.quantile(0.75) == 7.0);
  CHECK(h.quantile(0.76) == 40.0);
  CHECK(h.quantile(1.0) == 40.0);
}

TEST_CASE("Histogram: a single value is every quantile", "[load][histogram]") {
  Histogram h;
  h.record(123456789);
  CHECK(h.count() == 1);
  CHECK(h.min() == 123456789);
  CHECK(h.max() == 123456789);
  CHECK(h.mean() == Approx(123456789.0));
  for (double q : {0.0, 0.01, 0.5, 0.99, 1.0}) CHECK(h.quantile(q) == 123456789.0);
}

TEST_CASE("Histogram: percentiles of a uniform distribution", "[load][histogram]") {
  Histogram h;
  constexpr std::uint64_t n = 100000;
  for (std::uint64_t v = 1; v <= n; ++v) h.record(v);
  REQUIRE(h.count() == n);
  CHECK(h.min() == 1);
  CHECK(h.max() == n);
  CHECK(h.mean() == Approx(50000.5));
  CHECK(rel_error(h.quantile(0.50), 50000) < 0.02);
  CHECK(rel_error(h.quantile(0.99), 99000) < 0.02);
  CHECK(rel_error(h.quantile(0.95), 95000) < 0.02);
  // The documented bound: under 1.6% relative error at every percentile.
  for (int p = 1; p <= 99; ++p) {
    const double q = p / 100.0;
    const double want = std::ceil(q * static_cast<double>(n));
    INFO("p" << p);
    CHECK(rel_error(h.quantile(q), want) < 0.016);
  }
}

TEST_CASE("Histogram: quantiles never leave [min, max]", "[load][histogram]") {
  SECTION("two values in one bucket") {
    Histogram h;
    h.record(1000);
    h.record(1001);
    for (double q : {0.0, 0.25, 0.5, 0.75, 1.0}) {
      INFO("q " << q);
      CHECK(h.quantile(q) >= 1000.0);
      CHECK(h.quantile(q) <= 1001.0);
    }
  }
  SECTION("a spread of values") {
    Histogram h;
    const std::vector<std::uint64_t> values{130, 999, 4097, 65537, 1000003, 77777777};
    for (auto v : values) h.record(v);
    for (int i = 0; i <= 100; ++i) {
      const double q = i / 100.0;
      INFO("q " << q);
      CHECK(h.quantile(q) >= 130.0);
      CHECK(h.quantile(q) <= 77777777.0);
    }
    // The extremes are bucket midpoints too: within the documented error.
    CHECK(rel_error(h.quantile(1.0), 77777777.0) < 0.016);
    CHECK(rel_error(h.quantile(0.0), 130.0) < 0.016);
  }
  SECTION("q outside [0, 1] is clamped") {
    Histogram h;
    h.record(10);
    h.record(20);
    CHECK(h.quantile(-1.0) == 10.0);
    CHECK(h.quantile(2.0) == 20.0);
  }
}

TEST_CASE("Histogram: huge values have no cap and do not overflow", "[load][histogram]") {
  Histogram h;
  h.record(1'000'000'000'000'000ULL);  // 1e15 ns: about 11.6 days
  h.record(2'000'000'000'000'000ULL);
  CHECK(h.max() == 2'000'000'000'000'000ULL);
  CHECK(h.quantile(1.0) <= 2e15);
  CHECK(rel_error(h.quantile(1.0), 2e15) < 0.016);
  CHECK(h.quantile(0.5) >= 1e15);
  CHECK(rel_error(h.quantile(0.5), 1e15) < 0.016);
  CHECK(h.mean() == Approx(1.5e15));

  Histogram top;
  top.record(UINT64_MAX);
  top.record(UINT64_MAX);  // the sum exceeds 64 bits
  CHECK(top.max() == UINT64_MAX);
  CHECK(top.min() == UINT64_MAX);
  CHECK(top.mean() == Approx(static_cast<double>(UINT64_MAX)));
  CHECK(top.quantile(0.5) == static_cast<double>(UINT64_MAX));
}

TEST_CASE("Histogram: merge equals recording everything in one", "[load][histogram]") {
  Histogram a, b, all;
  for (std::uint64_t v = 1; v < 5000; v += 7) {
    a.record(v * 13);
    all.record(v * 13);
  }
  for (std::uint64_t v = 3; v < 900000; v += 1001) {
    b.record(v);
    all.record(v);
  }
  Histogram merged;
  merged.merge(a);
  merged.merge(b);
  CHECK(merged.count() == all.count());
  CHECK(merged.count() == a.count() + b.count());
  CHECK(merged.min() == all.min());
  CHECK(merged.max() == all.max());
  CHECK(merged.mean() == Approx(all.mean()));
  for (int i = 0; i <= 100; ++i) {
    const double q = i / 100.0;
    INFO("q " << q);
    CHECK(merged.quantile(q) == all.quantile(q));
  }
  // Merging an empty histogram changes nothing, min included.
  merged.merge(Histogram{});
  CHECK(merged.min() == all.min());
  CHECK(merged.count() == all.count());
}

TEST_CASE("Histogram: clear forgets everything", "[load][histogram]") {
  Histogram h;
  h.record(5);
  h.record(1'000'000);
  h.clear();
  CHECK(h.count() == 0);
  CHECK(h.min() == 0);
  CHECK(h.max() == 0);
  CHECK(h.mean() == 0.0);
  CHECK(h.quantile(0.5) == 0.0);
  h.record(100);
  CHECK(h.count() == 1);
  CHECK(h.min() == 100);
  CHECK(h.max() == 100);
  CHECK(h.mean() == Approx(100.0));
  CHECK(h.quantile(1.0) == 100.0);
}
