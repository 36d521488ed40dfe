#include "config/options/duration.h"

#include <catch2/catch.hpp>

using namespace std::chrono_literals;
using versus::config::format_duration;
using versus::config::parse_duration;

TEST_CASE("parse_duration: units and bare seconds", "[config][duration]") {
  CHECK(parse_duration("500ms") == 500ms);
  CHECK(parse_duration("5s") == 5s);
  CHECK(parse_duration("2m") == 2min);
  CHECK(parse_duration("1h") == 1h);
  CHECK(parse_duration("30") == 30s);
  CHECK(parse_duration("0") == 0ms);
  CHECK(parse_duration("0ms") == 0ms);
  CHECK(parse_duration("007s") == 7s);
}

TEST_CASE("parse_duration: rejects everything else", "[config][duration]") {
  for (const char* text : {"", "s", "ms", "-5s", "+5s", "1.5s", "5 s", " 5s", "5s ", "5S", "5sec",
                           "1d", "5ms5", "1h30m", "0x10", "abc", "5e3"})
    CHECK_FALSE(parse_duration(text).has_value());
}

TEST_CASE("parse_duration: overflow is rejected, not wrapped", "[config][duration]") {
  CHECK_FALSE(parse_duration("99999999999999999999").has_value());
  CHECK_FALSE(parse_duration("9223372036854775807s").has_value());
  CHECK_FALSE(parse_duration("2562047788016h").has_value());
  CHECK(parse_duration("9223372036854775807ms") == std::chrono::milliseconds::max());
}

TEST_CASE("format_duration: shortest exact unit, read back by parse_duration",
          "[config][duration]") {
  CHECK(format_duration(0ms) == "0s");
  CHECK(format_duration(500ms) == "500ms");
  CHECK(format_duration(1500ms) == "1500ms");
  CHECK(format_duration(90s) == "90s");
  CHECK(format_duration(2min) == "2m");
  CHECK(format_duration(168h) == "168h");
  for (std::chrono::milliseconds d : {1ms, 999ms, 1000ms, 1000ms * 61, 3600000ms, 86400000ms})
    CHECK(parse_duration(format_duration(d)) == d);
}
