#include "load/drive/driver.h"

#include <catch2/catch.hpp>

using versus::load::client_threads_for;

TEST_CASE("client_threads_for: one thread per 4 CPUs, at least 2", "[load][driver]") {
  CHECK(client_threads_for(8, 0, 2) == 2);  // this 2-vCPU machine
  CHECK(client_threads_for(1000, 0, 2) == 2);
  CHECK(client_threads_for(64, 0, 16) == 4);
  CHECK(client_threads_for(64, 0, 36) == 9);
  CHECK(client_threads_for(64, 0, 0) == 2);  // hardware_concurrency() unknown
}

TEST_CASE("client_threads_for: never more threads than sessions", "[load][driver]") {
  CHECK(client_threads_for(2, 0, 64) == 2);
  CHECK(client_threads_for(1, 0, 2) == 1);
  CHECK(client_threads_for(3, 8, 2) == 3);
  CHECK(client_threads_for(0, 0, 64) == 1);
}

TEST_CASE("client_threads_for: an explicit count wins within those bounds", "[load][driver]") {
  CHECK(client_threads_for(100, 2, 2) == 2);
  CHECK(client_threads_for(100, 7, 64) == 7);
}
