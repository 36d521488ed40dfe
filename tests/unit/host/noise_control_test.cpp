// The CPU probe and machine facts: plausible values on this host, without servers.
#include <catch2/catch.hpp>
#include <chrono>

#include "host/cpu_probe.h"
#include "host/machine_facts.h"

using namespace std::chrono_literals;

TEST_CASE("cpu probe: a positive speed, stable order of magnitude", "[run][probe]") {
  const double first = versus::host::probe_cpu_speed(20ms);
  const double second = versus::host::probe_cpu_speed(20ms);
  CHECK(first > 0);
  CHECK(second > first / 10);                     // a loaded CI host slows it, not by 10x
  CHECK(versus::host::probe_cpu_speed(0ms) > 0);  // at least 1 ms, never a division by 0
}

TEST_CASE("machine facts: cores, kernel and memory of this host", "[run][probe]") {
  const auto facts = versus::host::gather_machine_facts();
  CHECK(facts.cores > 0);
  CHECK(facts.kernel.rfind("Linux ", 0) == 0);
  CHECK(facts.memory_bytes > 0);
}
