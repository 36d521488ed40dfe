#include "util/name_table.h"

#include <catch2/catch.hpp>

namespace {
enum class Colour { red, green, blue };
constexpr versus::NameTable<Colour, 2> kColours{{{{Colour::red, "red"}, {Colour::green, "green"}}}};
}  // namespace

TEST_CASE("NameTable: names and values both ways", "[util]") {
  CHECK(kColours.name(Colour::green) == "green");
  CHECK(kColours.find("red") == Colour::red);
  CHECK(kColours.names() == std::vector<std::string_view>{"red", "green"});
}

TEST_CASE("NameTable: what is not in the table", "[util]") {
  CHECK(kColours.name(Colour::blue) == "unknown");
  CHECK_FALSE(kColours.find("blue").has_value());
  CHECK_FALSE(kColours.find("Red").has_value());  // exact: callers fold case first
}
