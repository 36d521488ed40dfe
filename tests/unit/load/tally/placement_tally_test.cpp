#include "load/tally/placement_tally.h"

#include <catch2/catch.hpp>

using namespace versus;

TEST_CASE("placement tally: a thread counts on its CPU only when it ran since the last sample",
          "[load][placement]") {
  load::PlacementTally tally;
  // Server threads 10 (busy) and 11 (idle); client thread 20.
  tally.add({{10, {0, 100, 5}}, {11, {1, 7, 2}}}, {{20, {1, 50, 0}}});
  tally.add({{10, {1, 130, 9}}, {11, {1, 7, 2}}}, {{20, {1, 70, 1}}});
  tally.add({{10, {1, 160, 9}}, {11, {0, 7, 2}}, {12, {0, 3, 0}}}, {{20, {0, 90, 4}}});
  const auto r = tally.record();
  CHECK(r.samples == 3);
  CHECK(r.server_cpus == std::map<int, std::uint64_t>{{1, 2}});  // 10 twice on 1; 11 idle
  CHECK(r.client_cpus == std::map<int, std::uint64_t>{{0, 1}, {1, 1}});
  CHECK(r.server_migrations == 4);  // 10: 5 -> 9, 11: 0; 12 was not in the first sample
  CHECK(r.client_migrations == 4);
}

TEST_CASE("placement tally: a thread that ended keeps the migrations of its last sample",
          "[load][placement]") {
  load::PlacementTally tally;
  tally.add({}, {{20, {0, 10, 3}}, {21, {1, 10, 0}}});
  tally.add({}, {{20, {1, 20, 8}}, {21, {1, 15, 2}}});
  tally.add({}, {});  // the client threads ended before the end snapshot
  const auto r = tally.record();
  CHECK(r.client_migrations == 7);
  CHECK(r.client_cpus == std::map<int, std::uint64_t>{{1, 2}});
}

TEST_CASE("placement tally: migrations -1 where sched was not readable", "[load][placement]") {
  load::PlacementTally tally;
  tally.add({{10, {0, 1, -1}}}, {});
  tally.add({{10, {0, 2, -1}}}, {});
  const auto r = tally.record();
  CHECK(r.server_migrations == -1);
  CHECK(r.client_migrations == -1);
  CHECK(r.server_cpus.at(0) == 1);
}
