#include "sysbench/rand_type.h"

#include <catch2/catch.hpp>

using versus::sysbench::RandSpec;
using versus::sysbench::RandType;

TEST_CASE("rand_type: sysbench's --rand-type names, both ways", "[sysbench]") {
  for (auto t : {RandType::uniform, RandType::gaussian, RandType::special, RandType::pareto,
                 RandType::zipfian})
    CHECK(versus::sysbench::rand_type_from_name(versus::sysbench::rand_type_name(t)) == t);
  CHECK(versus::sysbench::rand_type_name(RandType::special) == "special");
  CHECK_FALSE(versus::sysbench::rand_type_from_name("Special"));  // the parser folds case
  CHECK(versus::sysbench::rand_type_names().size() == 5);
}

TEST_CASE("RandSpec: sysbench 1.0's defaults", "[sysbench]") {
  const RandSpec d;
  CHECK(d.type == RandType::special);
  CHECK(d.spec_pct == 1);
  CHECK(d.spec_res == 75);
  CHECK(d.pareto_h == 0.2);
  CHECK(d.zipfian_exp == 0.8);  // sysbench 1.1's --rand-zipfian-exp
}
