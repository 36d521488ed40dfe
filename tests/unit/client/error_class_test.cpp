#include "client/error_class.h"

#include <catch2/catch.hpp>

using versus::client::classify_error;
using versus::client::ErrorClass;

TEST_CASE("classify_error: deadlock, lock wait timeout and record changed are ignorable",
          "[client][error_class]") {
  CHECK(classify_error(1213) == ErrorClass::ignorable);
  CHECK(classify_error(1205) == ErrorClass::ignorable);
  CHECK(classify_error(1020) == ErrorClass::ignorable);
}

TEST_CASE("classify_error: a lost connection means reconnect", "[client][error_class]") {
  CHECK(classify_error(2006) == ErrorClass::reconnect);
  CHECK(classify_error(2013) == ErrorClass::reconnect);
}

TEST_CASE("classify_error: anything else is fatal", "[client][error_class]") {
  CHECK(classify_error(1064) == ErrorClass::fatal);  // syntax error
  CHECK(classify_error(1146) == ErrorClass::fatal);  // no such table
  CHECK(classify_error(0) == ErrorClass::fatal);
  CHECK(classify_error(1045) == ErrorClass::fatal);  // access denied
  CHECK(classify_error(2003) == ErrorClass::fatal);  // cannot connect at all
  CHECK(classify_error(1214) == ErrorClass::fatal);
  CHECK(classify_error(2014) == ErrorClass::fatal);
}

TEST_CASE("classify_error: a list of ignored errors replaces the default, as sysbench's",
          "[client][error_class]") {
  const std::vector<unsigned> with_duplicates{1213, 1020, 1205, 1062};
  CHECK(classify_error(1062) == ErrorClass::fatal);
  CHECK(classify_error(1062, with_duplicates) == ErrorClass::ignorable);
  CHECK(classify_error(1213, with_duplicates) == ErrorClass::ignorable);
  const std::vector<unsigned> only_duplicates{1062};
  CHECK(classify_error(1213, only_duplicates) == ErrorClass::fatal);  // replaced, not added
  CHECK(classify_error(2013, only_duplicates) == ErrorClass::reconnect);
  CHECK(classify_error(0, std::vector<unsigned>{0}) == ErrorClass::fatal);
}
