#include "sysbench/placeholders.h"

#include <catch2/catch.hpp>

using versus::sysbench::placeholder_offsets;
using versus::sysbench::with_literals;

namespace {
std::size_t count(std::string_view sql) { return placeholder_offsets(sql).size(); }
}  // namespace

TEST_CASE("placeholders: outside quotes, escapes and comments", "[sysbench][placeholders]") {
  CHECK(count("SELECT ? , ?") == 2);
  CHECK(count("SELECT '?', \"?\", `?`, ? -- ?\n") == 1);
  CHECK(count("SELECT 'it''s ?', 'a\\'?', ? /* ? */ # ?") == 1);
  CHECK(count("SELECT 1") == 0);
  CHECK(count("SELECT 1 --? not a comment without the space") == 1);
  CHECK(placeholder_offsets("a=? AND b=?") == std::vector<std::size_t>{2, 10});
}

TEST_CASE("placeholders: literals bound in order, only where a parameter goes",
          "[sysbench][placeholders]") {
  CHECK(with_literals("SELECT c FROM t WHERE id = ? AND note <> '?'", {"42"}) ==
        "SELECT c FROM t WHERE id = 42 AND note <> '?'");
  CHECK(with_literals("UPDATE t SET a=? WHERE id=? -- ?", {"'x'", "7"}) ==
        "UPDATE t SET a='x' WHERE id=7 -- ?");
  CHECK(with_literals("SELECT ?, ?", {"1"}) == "SELECT 1, ?");  // fewer literals: ? stays
  CHECK(with_literals("SELECT 1", {"9"}) == "SELECT 1");
}
