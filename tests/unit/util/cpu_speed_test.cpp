#include "util/cpu_speed.h"

#include <catch2/catch.hpp>

using namespace std::chrono_literals;

// The chain is splitmix64's: from state 0 its first output is the generator's published first
// value, and calls chain (3 rounds from 1 = 1 round, then 2 from where that ended).
TEST_CASE("alu_chain: splitmix64's rounds, resumable", "[util]") {
  CHECK(versus::alu_chain(0, 1) == 0xe220a8397b1dcdafULL);
  CHECK(versus::alu_chain(1, 3) == versus::alu_chain(versus::alu_chain(1, 1), 2));
  CHECK(versus::alu_chain(7, 0) == 7);
}

// The rate is counted in this thread's own CPU time: the call spends at least its budget of it.
TEST_CASE("alu_rate_in_cpu_time: at least the budget of the thread's CPU", "[util]") {
  const double before = versus::thread_cpu_seconds();
  CHECK(versus::alu_rate_in_cpu_time(5ms) > 0);
  CHECK(versus::thread_cpu_seconds() - before >= 0.005);
  const double again = versus::thread_cpu_seconds();
  CHECK(versus::alu_rate_in_cpu_time(0ms) > 0);  // at least 1 ms, never a division by 0
  CHECK(versus::thread_cpu_seconds() - again >= 0.001);
}
