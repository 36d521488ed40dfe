#include "load/family/custom/new_ids.h"

#include <catch2/catch.hpp>

using versus::load::custom::new_id_counter;

TEST_CASE("new ids: one counter per file, table and first id, for the process",
          "[load][custom][new_ids]") {
  versus::sysbench::ValueSpec v;
  v.generator = versus::sysbench::Generator::sequence;
  v.min = 501;
  v.table = "events";
  auto& counter = new_id_counter("new-ids-test", v);
  CHECK(counter.fetch_add(1) == 501);
  CHECK(&new_id_counter("new-ids-test", v) == &counter);  // shared: 502 next
  CHECK(new_id_counter("new-ids-test", v).fetch_add(1) == 502);
  v.table = "other";
  CHECK(new_id_counter("new-ids-test", v).load() == 501);
  CHECK(&new_id_counter("new-ids-test-2", v) != &new_id_counter("new-ids-test", v));
}
