#include "load/family/replay/row_checksum.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

using versus::load::replay::first_difference;
using versus::load::replay::OrderedChecksum;
using versus::load::replay::ResultRow;
using versus::load::replay::row_hash;
using versus::load::replay::RowsChecksum;
using versus::load::replay::sorted_rows;
using versus::load::replay::UnorderedChecksum;
using versus::load::replay::values_match;

namespace {
std::vector<ResultRow> some_rows() {
  std::vector<ResultRow> rows;
  for (int i = 0; i < 50; ++i)
    rows.push_back({std::to_string(i), i % 7
                                           ? std::optional<std::string>("v" + std::to_string(i % 5))
                                           : std::nullopt});
  rows.push_back({"1", "v1"});  // a duplicate row counts twice
  return rows;
}
template <class Checksum>
RowsChecksum checksum_of(const std::vector<ResultRow>& rows) {
  Checksum c;
  for (const auto& r : rows) c.add(r);
  return c.value();
}
}  // namespace

TEST_CASE("row checksum: unordered is independent of row order, ordered is not",
          "[replay][row_checksum]") {
  auto rows = some_rows();
  const auto unordered = checksum_of<UnorderedChecksum>(rows);
  const auto ordered = checksum_of<OrderedChecksum>(rows);
  CHECK(unordered.rows == 51);
  std::mt19937 shuffle_rng(3);
  std::shuffle(rows.begin(), rows.end(), shuffle_rng);
  CHECK(checksum_of<UnorderedChecksum>(rows) == unordered);
  CHECK(checksum_of<OrderedChecksum>(rows) != ordered);
  CHECK(checksum_of<OrderedChecksum>(some_rows()) == ordered);
  CHECK(unordered.text().starts_with("51:"));
  CHECK(unordered.text().size() == 3 + 32);
}

TEST_CASE("row checksum: one changed, missing or extra row changes it", "[replay][row_checksum]") {
  const auto base = checksum_of<UnorderedChecksum>(some_rows());
  auto changed = some_rows();
  changed[10][1] = "v9";
  CHECK(checksum_of<UnorderedChecksum>(changed) != base);
  auto fewer = some_rows();
  fewer.pop_back();
  CHECK(checksum_of<UnorderedChecksum>(fewer) != base);
  // The same row twice more: the sum changes though the xor does not.
  auto twice = some_rows();
  twice.push_back({"2", "v2"});
  twice.push_back({"2", "v2"});
  CHECK(checksum_of<UnorderedChecksum>(twice) != base);
}

TEST_CASE("row checksum: NULL, '' and field boundaries all count", "[replay][row_checksum]") {
  CHECK(row_hash({std::nullopt}) != row_hash({std::string()}));
  CHECK(row_hash({"ab", "c"}) != row_hash({"a", "bc"}));
  CHECK(row_hash({"a"}) != row_hash({"a", std::nullopt}));
  CHECK(row_hash({"x", "y"}) == row_hash({"x", "y"}));
}

TEST_CASE("row checksum: values_match tolerates floating-point digits when asked",
          "[replay][row_checksum]") {
  CHECK(values_match("0.30000000000000004", "0.3", 1e-9));
  CHECK_FALSE(values_match("0.30000000000000004", "0.3", 0));
  CHECK_FALSE(values_match("0.31", "0.3", 1e-9));
  CHECK(values_match("1e300", "1.0000000001e300", 1e-9));
  CHECK_FALSE(values_match("abc", "abd", 0.5));
  CHECK_FALSE(values_match("1.5 apples", "1.5 pears", 0.5));
  CHECK(values_match(std::nullopt, std::nullopt, 0));
  CHECK_FALSE(values_match(std::nullopt, "0", 1));
  CHECK_FALSE(values_match("nan", "nan ", 1));
}

TEST_CASE("row checksum: the first difference between two row lists", "[replay][row_checksum]") {
  const std::vector<ResultRow> a = {{"1", "x"}, {"2", "0.1"}, {"3", "z"}};
  CHECK_FALSE(first_difference(a, a, 0));
  auto b = a;
  b[1][1] = "0.1000000000001";
  CHECK_FALSE(first_difference(a, b, 1e-9));
  auto d = first_difference(a, b, 0);
  REQUIRE(d);
  CHECK(d->row == 1);
  CHECK(d->column == 1);
  b.pop_back();
  d = first_difference(a, b, 1e-9);
  REQUIRE(d);
  CHECK(d->row == 2);
  std::vector<ResultRow> reversed(a.rbegin(), a.rend());
  CHECK(first_difference(a, reversed, 0));
  CHECK_FALSE(first_difference(sorted_rows(a), sorted_rows(reversed), 0));
  CHECK(sorted_rows({{"b"}, {std::nullopt}, {"a"}}) ==
        std::vector<ResultRow>{{std::nullopt}, {"a"}, {"b"}});
}
