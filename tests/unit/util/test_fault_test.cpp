// VERSUS_TEST_FAULT's value: the place, on another thread or not, at which call.
#include "util/test_fault.h"

#include <catch2/catch.hpp>
#include <cstdlib>

using versus::parse_test_fault;

TEST_CASE("test fault: a place alone fires at every call, here", "[util][test_fault]") {
  const auto spec = parse_test_fault("cell");
  CHECK(spec.place == "cell");
  CHECK_FALSE(spec.on_thread);
  CHECK(spec.at_call == 0);
  CHECK(parse_test_fault("agent-start").place == "agent-start");  // a '-' in the place
  CHECK(parse_test_fault("").place.empty());
}

TEST_CASE("test fault: -thread and @N", "[util][test_fault]") {
  const auto threaded = parse_test_fault("cell-thread@2");
  CHECK(threaded.place == "cell");
  CHECK(threaded.on_thread);
  CHECK(threaded.at_call == 2);
  const auto counted = parse_test_fault("agent-start@12");
  CHECK(counted.place == "agent-start");
  CHECK_FALSE(counted.on_thread);
  CHECK(counted.at_call == 12);
  CHECK(parse_test_fault("cell-thread").on_thread);
  CHECK(parse_test_fault("cell@x").at_call == 0);  // not a number: every call
  CHECK(parse_test_fault("cell@x").place == "cell");
}

TEST_CASE("test fault: unset, nothing fires", "[util][test_fault]") {
  if (std::getenv("VERSUS_TEST_FAULT") != nullptr) {
    WARN("VERSUS_TEST_FAULT is set: not checked");
    return;
  }
  CHECK_NOTHROW(versus::test_fault("cell"));
  CHECK_NOTHROW(versus::test_fault("agent-start"));
}
