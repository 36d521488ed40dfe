#include "load/family/custom/row_text.h"

#include <catch2/catch.hpp>
#include <string>

using versus::load::custom::put_text;

namespace {
std::string put(std::string_view text, bool tuple) {
  std::string out(2 * text.size() + 2, '\0');
  out.resize(put_text(text, out.data(), tuple));
  return out;
}
}  // namespace

TEST_CASE("put_text: LOAD DATA's escapes in a line, quoted SQL text in a tuple",
          "[load][custom]") {
  const std::string text = std::string("a\tb\nc\\d'e") + '\0';
  CHECK(put(text, false) == "a\\tb\\nc\\\\d'e\\0");
  CHECK(put(text, true) == "'a\tb\nc\\\\d\\'e\\0'");
  CHECK(put("", true) == "''");
  CHECK(put("", false).empty());
  const std::string worst(50, '\\');  // every character escaped, and the quotes
  CHECK(put(worst, true).size() == 2 * worst.size() + 2);
}
