#include "util/cpu_affinity.h"

#include <sched.h>

#include <catch2/catch.hpp>

using versus::format_cpu_list;
using versus::parse_cpu_list;

TEST_CASE("cpu list: numbers, ranges and commas", "[util][cpu_affinity]") {
  CHECK(parse_cpu_list("") == std::vector<int>{});
  CHECK(parse_cpu_list("0") == std::vector<int>{0});
  CHECK(parse_cpu_list("0-1") == std::vector<int>{0, 1});
  CHECK(parse_cpu_list("0,1") == std::vector<int>{0, 1});
  CHECK(parse_cpu_list("3,0-1,1") == std::vector<int>{0, 1, 3});
  CHECK(parse_cpu_list("1023") == std::vector<int>{1023});
}

TEST_CASE("cpu list: malformed text is rejected", "[util][cpu_affinity]") {
  for (const char* bad : {"-1", "1-", "-", "2-1", "a", "0,", ",0", "0,,1", " 0", "0 ", "1024",
                          "0x1", "1.5", "0-1-2", "+1"}) {
    INFO(bad);
    CHECK_FALSE(parse_cpu_list(bad).has_value());
  }
}

TEST_CASE("cpu list: formatting collapses runs", "[util][cpu_affinity]") {
  CHECK(format_cpu_list({}) == "");
  CHECK(format_cpu_list({0}) == "0");
  CHECK(format_cpu_list({0, 1, 3}) == "0-1,3");
  CHECK(format_cpu_list({0, 2, 3, 4, 7}) == "0,2-4,7");
}

TEST_CASE("pin_process pins this process's threads", "[util][cpu_affinity]") {
  cpu_set_t before;
  REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
  int first = 0;
  while (!CPU_ISSET(static_cast<std::size_t>(first), &before)) ++first;
  REQUIRE(versus::pin_process(0, {first}));
  cpu_set_t now;
  REQUIRE(sched_getaffinity(0, sizeof now, &now) == 0);
  CHECK(CPU_COUNT(&now) == 1);
  CHECK(CPU_ISSET(static_cast<std::size_t>(first), &now));
  // Restore every thread's affinity so later tests run as before.
  std::vector<int> all;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(static_cast<std::size_t>(cpu), &before)) all.push_back(cpu);
  CHECK(versus::pin_process(0, all));
  CHECK(versus::pin_process(0, {}));  // empty: no change, no error
}
