#include "load/family/replay/result_digest.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

using versus::load::replay::cut_text;
using versus::load::replay::DigestRules;
using versus::load::replay::OrderedChecksum;
using versus::load::replay::ResultDigest;
using versus::load::replay::ResultRow;
using versus::load::replay::rounded_value;
using versus::load::replay::UnorderedChecksum;

namespace {
std::vector<ResultRow> digest_rows() {
  return {{"3", "c"}, {"1", std::nullopt}, {"2", "b"}, {"10", "j"}, {"1", "a"}};
}
ResultDigest digest_of(const std::vector<ResultRow>& rows, const DigestRules& rules) {
  ResultDigest d(rules);
  for (const auto& r : rows) d.add(r);
  return d;
}
}  // namespace

TEST_CASE("result digest: an unordered result's checksum and first rows ignore the order",
          "[replay][result_digest]") {
  auto rows = digest_rows();
  const auto a = digest_of(rows, {false, false, 3});
  std::reverse(rows.begin(), rows.end());
  const auto b = digest_of(rows, {false, false, 3});
  CHECK(a.rows() == 5);
  CHECK(a.checksum() == b.checksum());
  UnorderedChecksum u;
  for (const auto& r : rows) u.add(r);
  CHECK(a.checksum() == u.value().text());
  // The least three rows in canonical order (NULL first), whatever order they came in.
  const std::vector<ResultRow> least{{"1", std::nullopt}, {"1", "a"}, {"10", "j"}};
  CHECK(a.shown_rows() == least);
  CHECK(b.shown_rows() == least);
  CHECK(digest_of(rows, {false, false, 0}).shown_rows().empty());
}

TEST_CASE("result digest: an ordered result keeps its order", "[replay][result_digest]") {
  auto rows = digest_rows();
  const auto a = digest_of(rows, {true, false, 2});
  OrderedChecksum o;
  for (const auto& r : rows) o.add(r);
  CHECK(a.checksum() == o.value().text());
  CHECK(a.shown_rows() == std::vector<ResultRow>{rows[0], rows[1]});
  std::reverse(rows.begin(), rows.end());
  CHECK(digest_of(rows, {true, false, 2}).checksum() != a.checksum());
}

TEST_CASE("result digest: a tolerant class rounds floating-point values to 12 digits",
          "[replay][result_digest]") {
  CHECK(rounded_value(std::string("0.30000000000000004")) == "0.3");
  CHECK(rounded_value(std::string("2.5")) == "2.5");
  CHECK(rounded_value(std::string("1234567.123456789")) == "1234567.12346");
  CHECK(rounded_value(std::string("12345678901234")) == "1.23456789012e+13");
  CHECK(rounded_value(std::string("abc")) == "abc");
  CHECK(rounded_value(std::string("1.5x")) == "1.5x");
  CHECK(rounded_value(std::string("")) == "");
  CHECK(rounded_value(std::nullopt) == std::nullopt);
  // Sums that differ in their last digits: equal when tolerant, different otherwise.
  const std::vector<ResultRow> x{{"a", "0.1000000000000001"}}, y{{"a", "0.1000000000000002"}};
  CHECK(digest_of(x, {false, true, 1}).checksum() == digest_of(y, {false, true, 1}).checksum());
  CHECK(digest_of(x, {false, false, 1}).checksum() != digest_of(y, {false, false, 1}).checksum());
  CHECK(digest_of(x, {false, true, 1}).shown_rows() == std::vector<ResultRow>{{"a", "0.1"}});
  // A difference in the 12th digit still shows.
  const std::vector<ResultRow> z{{"a", "0.100000000002"}};
  CHECK(digest_of(x, {false, true, 1}).checksum() != digest_of(z, {false, true, 1}).checksum());
}

TEST_CASE("result digest: text is cut at a byte count, never inside a UTF-8 character",
          "[replay][result_digest]") {
  CHECK(cut_text("SELECT 1", 300) == "SELECT 1");
  CHECK(cut_text("SELECT 1", 6) == "SELECT");
  CHECK(cut_text("SELECT 1", 0) == "");
  const std::string s = "ab\xC3\x9F";  // "abß": ß is two bytes
  CHECK(cut_text(s, 3) == "ab");
  CHECK(cut_text(s, 4) == s);
  CHECK(cut_text("a\xE2\x82\xAC", 3) == "a");  // "a€": € is three bytes
}
