// thread_placement: colocate's plan: which thread goes on which CPU (the pinning itself runs
// against a real server in tests/integration/driver_test.cpp).
#include "host/colocation.h"

#include <catch2/catch.hpp>

using versus::host::colocation_pins;
using versus::host::ThreadPin;
using versus::load::LoadWatch;

TEST_CASE("colocation: client thread k and its sessions' server threads on CPU k mod n",
          "[run][colocation]") {
  const std::vector<LoadWatch::ThreadSessions> threads{{100, {7, 9}}, {101, {8}}, {102, {10}}};
  const std::map<std::uint64_t, pid_t> server{{7, 507}, {8, 508}, {9, 509}, {10, 510}, {3, 503}};
  auto pins = colocation_pins(threads, server, {2, 5});
  REQUIRE(pins);
  const std::vector<ThreadPin> expected{{100, 2}, {507, 2}, {509, 2}, {101, 5},
                                        {508, 5}, {102, 2}, {510, 2}};
  CHECK(*pins == expected);  // connection 3 (not a session's) is left alone
}

TEST_CASE("colocation: a session without a server thread, or no CPU, is an error",
          "[run][colocation]") {
  const std::vector<LoadWatch::ThreadSessions> threads{{100, {7, 11}}};
  auto missing = colocation_pins(threads, {{7, 507}}, {0, 1});
  REQUIRE_FALSE(missing);
  CHECK(missing.error().message ==
        "colocate: the server names no thread for connection 11 (is it on this machine?)");
  auto none = colocation_pins(threads, {{7, 507}, {11, 511}}, {});
  REQUIRE_FALSE(none);
  CHECK(none.error().message == "colocate: no CPU to place threads on");
}
