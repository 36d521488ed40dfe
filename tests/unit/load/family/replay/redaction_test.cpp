#include "load/family/replay/redaction.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using versus::load::replay::kShownValueBytes;
using versus::load::replay::shown_row;
using versus::load::replay::shown_value;

TEST_CASE("redaction: values hashed unless asked for, NULL kept, names shown",
          "[replay][redaction]") {
  const std::vector<std::string> names = {"id", "email", "note"};
  const versus::load::replay::ResultRow row = {"42", "ann@example.com", std::nullopt};
  // The first 8 hex digits of each value's MD5 (md5sum of "42": a1d0c6e8...).
  CHECK(shown_row(names, row, false) ==
        "id=#a1d0c6e8, email=#" + shown_value("ann@example.com", false).substr(1) + ", note=NULL");
  CHECK(shown_row(names, row, false).find("ann") == std::string::npos);
  CHECK(shown_row(names, row, true) == "id=42, email=ann@example.com, note=NULL");
  CHECK(shown_value("42", false) == shown_value("42", false));
  CHECK(shown_value("42", false) != shown_value("43", false));
  CHECK(shown_row({"a"}, {"1", "2"}, true) == "a=1, #2=2");
}

TEST_CASE("redaction: a long value shown is cut, not inside a UTF-8 character",
          "[replay][redaction]") {
  const std::string longer(100, 'x');
  CHECK(shown_value(longer, true) == std::string(kShownValueBytes, 'x') + "... (100 bytes)");
  const std::string accents = std::string(63, 'a') + "\xc3\xa9" + std::string(10, 'b');
  CHECK(shown_value(accents, true) == std::string(63, 'a') + "... (75 bytes)");
}
