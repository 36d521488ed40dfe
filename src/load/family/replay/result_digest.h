#pragma once
// ResultDigest: what the comparison pass (results_pass.h) keeps of the rows one statement
// returned, read one row at a time without holding them: their count, their checksum
// (row_checksum.h: ordered for a statement that orders its rows, else order-insensitive), and
// the first rows to show (the first ones in order, or for an unordered result the first ones
// in the canonical order of sorted_rows, so two servers show the same rows). In a class
// compared with a tolerance (nondeterminism.h: wants_tolerance) each value that parses as a
// floating-point number is taken rounded to 12 significant digits, for the checksum and the
// rows shown alike. Pure.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/family/replay/row_checksum.h"

namespace versus::load::replay {

inline constexpr int kTolerantDigits = 12;

// `value` rounded to kTolerantDigits significant digits (printf's "%.12g") when its whole text
// parses as a finite floating-point number (an integer's too: 12345678901234 reads
// 1.23456789012e+13); NULL and other text as they are.
std::optional<std::string> rounded_value(const std::optional<std::string>& value);

// `text` cut after at most `bytes` bytes, never inside a UTF-8 character.
std::string cut_text(std::string_view text, std::size_t bytes);

struct DigestRules {
  bool ordered = false;   // orders_rows: an ordered checksum, the first rows in their order
  bool tolerant = false;  // values rounded (rounded_value) before anything else
  std::size_t shown = 0;  // rows kept to show; 0: none
};

class ResultDigest {
 public:
  explicit ResultDigest(const DigestRules& rules) : rules_(rules) {}
  void add(ResultRow row);
  std::uint64_t rows() const {
    return rules_.ordered ? ordered_.value().rows : unordered_.value().rows;
  }
  // RowsChecksum::text() of the rows added.
  std::string checksum() const;
  // The rows kept to show, in their order (ordered) or in canonical order.
  const std::vector<ResultRow>& shown_rows() const { return shown_; }

 private:
  DigestRules rules_;
  OrderedChecksum ordered_;
  UnorderedChecksum unordered_;
  std::vector<ResultRow> shown_;  // unordered: the least rows so far, sorted
};

}  // namespace versus::load::replay
