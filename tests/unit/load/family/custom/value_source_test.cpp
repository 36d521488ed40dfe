#include "load/family/custom/value_source.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include "support/value_specs.h"

using versus::load::Random;
using versus::load::custom::ValueSource;
using versus::sysbench::Generator;
using versus::sysbench::ValueSpec;
using versus::testing::integer_values;


TEST_CASE("value source: integers stay in [min, max] for every distribution",
          "[load][custom][value_source]") {
  for (Generator g : {Generator::uniform, Generator::gaussian, Generator::special,
                      Generator::pareto, Generator::zipfian}) {
    const ValueSpec v = integer_values(g, -3, 6);
    const ValueSource s(v);
    Random rng(7);
    std::map<long long, int> seen;
    for (int i = 0; i < 20000; ++i) ++seen[s.draw_int(rng)];
    INFO(versus::sysbench::generator_name(g));
    CHECK(seen.begin()->first >= -3);
    CHECK(seen.rbegin()->first <= 6);
    CHECK(seen.size() >= 5);  // spread over the range, not one value
  }
}

TEST_CASE("value source: uniform covers the range evenly, extremes included",
          "[load][custom][value_source]") {
  const ValueSpec v = integer_values(Generator::uniform, 1, 4);
  const ValueSource s(v);
  Random rng(11);
  std::map<long long, int> seen;
  for (int i = 0; i < 40000; ++i) ++seen[s.draw_int(rng)];
  REQUIRE(seen.size() == 4);
  for (const auto& [value, n] : seen) CHECK((n > 9500 && n < 10500));  // 10000 +- 5 sd
}

TEST_CASE("value source: gaussian draws the middle most, pareto the low end",
          "[load][custom][value_source]") {
  Random rng(3);
  const ValueSpec g = integer_values(Generator::gaussian, 0, 99);
  const ValueSpec p = integer_values(Generator::pareto, 0, 99);
  int middle = 0, low = 0;
  for (int i = 0; i < 10000; ++i) {
    const long long x = ValueSource(g).draw_int(rng);
    middle += x >= 25 && x < 75;
    low += ValueSource(p).draw_int(rng) < 20;
  }
  CHECK(middle > 9000);  // 12 uniforms summed: the middle half holds ~99.9%
  CHECK(low > 6000);     // pareto h = 0.2: most values in the lowest fifth
}

TEST_CASE("value source: a sequence is the row number; the full 32-bit range",
          "[load][custom][value_source]") {
  Random rng(1);
  const ValueSpec seq = integer_values(Generator::sequence, 0, 0);
  CHECK(ValueSource(seq).draw_int(rng, 42) == 42);
  const ValueSpec wide = integer_values(Generator::uniform, -2147483647, 2147483647);
  bool negative = false, positive = false;
  for (int i = 0; i < 100; ++i) {
    const long long x = ValueSource(wide).draw_int(rng);
    negative |= x < 0;
    positive |= x > 0;
  }
  CHECK((negative && positive));
}

TEST_CASE("value source: strings of their length, values of their list",
          "[load][custom][value_source]") {
  Random rng(5);
  ValueSpec s;
  s.generator = Generator::string;
  s.length = 17;
  char out[128];
  const ValueSource text(s);
  CHECK(text.is_text());
  CHECK(text.max_text() == 17);
  REQUIRE(text.draw_text(rng, out) == 17);
  for (int i = 0; i < 17; ++i) CHECK(std::isalnum(static_cast<unsigned char>(out[i])));
  ValueSpec l;
  l.generator = Generator::list;
  l.values = {"a", "bcd", "ef"};
  const ValueSource list(l);
  CHECK(list.max_text() == 3);
  std::map<std::string, int> seen;
  for (int i = 0; i < 3000; ++i) {
    const std::size_t n = list.draw_text(rng, out);
    ++seen[std::string(out, n)];
  }
  REQUIRE(seen.size() == 3);
  for (const auto& [value, n] : seen) CHECK((n > 850 && n < 1150));
}
