#pragma once
// Checksums of a result set, to tell whether two releases returned the same rows without
// keeping the rows: `UnorderedChecksum` for a query whose rows come in no stated order (the
// same rows in any order give the same checksum), `OrderedChecksum` for one with ORDER BY.
// Both count the rows. A row's hash covers every field, NULL apart from '' and each field's
// length, so ("ab", "c") and ("a", "bc") differ. 64-bit FNV-1a, stable across builds and
// machines: a checksum may be kept and compared later. Equal checksums mean equal rows with
// a chance of a collision of about 2^-64 per pair; a float's last digit makes them differ,
// so classes with floating-point results compare their rows with `values_match` instead.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace versus::load::replay {

using ResultRow = std::vector<std::optional<std::string>>;  // nullopt: NULL

std::uint64_t row_hash(const ResultRow& row);

struct RowsChecksum {
  std::uint64_t rows = 0;
  std::uint64_t a = 0, b = 0;  // unordered: sum and xor of the row hashes; ordered: a chain
  bool operator==(const RowsChecksum&) const = default;
  // "ROWS:HEX16HEX16", for a report or a record.
  std::string text() const;
};

class UnorderedChecksum {
 public:
  void add(const ResultRow& row);
  RowsChecksum value() const { return value_; }

 private:
  RowsChecksum value_;
};

class OrderedChecksum {
 public:
  void add(const ResultRow& row);
  RowsChecksum value() const { return value_; }

 private:
  RowsChecksum value_;
};

// Whether two values are the same: equal text, both NULL, or both numbers (the whole text
// parses as a floating-point number) within `relative` of each other (|x - y| <= relative *
// max(|x|, |y|)). `relative` 0 asks for equal text.
bool values_match(const std::optional<std::string>& x, const std::optional<std::string>& y,
                  double relative);

// The first place two row lists differ, as `values_match` compares their fields in the order
// given (sort both with `sorted_rows` first when their order does not count).
struct RowDifference {
  std::size_t row = 0;     // index into both lists; the shorter one's size when one ends first
  std::size_t column = 0;  // the first differing field; 0 when a list or a row ended first
};
std::optional<RowDifference> first_difference(const std::vector<ResultRow>& x,
                                              const std::vector<ResultRow>& y, double relative);

// `rows` in one canonical order (by field, NULL first), for comparing unordered results.
std::vector<ResultRow> sorted_rows(std::vector<ResultRow> rows);

}  // namespace versus::load::replay
