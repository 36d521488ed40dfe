// catch_unexpected: the boundary where an exception becomes an error value. (The terminate
// handler and TerminateCleanup end the process: tests/integration/unexpected_failure_test.cpp
// runs them in a real run.)
#include "util/last_resort.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace versus;

TEST_CASE("last resort: a body that returns is no error", "[util][last_resort]") {
  int ran = 0;
  CHECK(catch_unexpected([&] { ++ran; }).has_value());
  CHECK(ran == 1);
}

TEST_CASE("last resort: an escaping exception becomes an error naming it", "[util][last_resort]") {
  auto caught = catch_unexpected([] { throw std::runtime_error("basic_filebuf::underflow"); });
  REQUIRE_FALSE(caught.has_value());
  CHECK(caught.error().message == "unexpected failure: basic_filebuf::underflow");
  auto odd = catch_unexpected([] { throw 42; });
  REQUIRE_FALSE(odd.has_value());
  CHECK(odd.error().message == "unexpected failure: unknown exception");
}

TEST_CASE("last resort: the text of the exception being handled", "[util][last_resort]") {
  try {
    throw std::logic_error("a bug");
  } catch (...) {
    CHECK(current_exception_text() == "a bug");
  }
}
