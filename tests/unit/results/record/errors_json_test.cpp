// A cell's "errors" array on its own: entries round trip in order, and a malformed one is
// named by its path.
#include "results/record/errors_json.h"

#include <catch2/catch.hpp>

namespace errors_json_test {

using namespace versus::results;
using versus::measured::ErrorKind;
using Json = nlohmann::ordered_json;

const versus::measured::ErrorCounts kErrorsOfACell = {
    {1213, ErrorKind::retried, 3, "Deadlock found when trying to get lock"},
    {2013, ErrorKind::reconnected, 1, "Lost connection to server during query"},
    {1062, ErrorKind::fatal, 1, "Duplicate entry '5' for key 'PRIMARY'"}};

TEST_CASE("errors_json: error entries round trip", "[results][errors]") {
  const Json json = errors_to_json(kErrorsOfACell);
  CHECK(
      json[0].dump() ==
      R"({"code":1213,"kind":"retried","count":3,"message":"Deadlock found when trying to get lock"})");
  auto back = errors_from_json(json, "cells[0].errors");
  REQUIRE(back);
  CHECK(*back == kErrorsOfACell);
  auto none = errors_from_json(Json::array(), "cells[0].errors");
  REQUIRE(none);
  CHECK(none->empty());
}

TEST_CASE("errors_json: a malformed entry names its path", "[results][errors]") {
  Json json = errors_to_json(kErrorsOfACell);
  json[2]["code"] = "1062";
  CHECK(errors_from_json(json, "cells[0].errors").error().message ==
        "cells[0].errors[2].code: expected an unsigned integer, got string");
  json = errors_to_json(kErrorsOfACell);
  json[1]["message"] = nullptr;
  CHECK(errors_from_json(json, "cells[0].errors").error().message ==
        "cells[0].errors[1].message: expected a string, got null");
  CHECK(errors_from_json(Json::object(), "cells[0].errors").error().message ==
        "cells[0].errors: expected an array, got object");
}

}  // namespace errors_json_test
