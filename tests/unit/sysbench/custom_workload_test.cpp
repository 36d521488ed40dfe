#include "sysbench/custom_workload.h"

#include <catch2/catch.hpp>

using namespace versus::sysbench;

TEST_CASE("generators: names both ways, text or integer", "[sysbench][custom_workload]") {
  CHECK(generator_names().size() == 8);
  for (std::string_view name : generator_names()) {
    const auto g = generator_from_name(name);
    REQUIRE(g);
    CHECK(generator_name(*g) == name);
  }
  CHECK_FALSE(generator_from_name("Uniform"));
  CHECK(is_text_generator(Generator::string));
  CHECK(is_text_generator(Generator::list));
  CHECK_FALSE(is_text_generator(Generator::sequence));
  CHECK_FALSE(is_text_generator(Generator::pareto));
}
