#include "load/family/replay/row_checksum.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace versus::load::replay {
namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

std::uint64_t checksum_bytes(std::uint64_t h, const void* data, std::size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) h = (h ^ p[i]) * kFnvPrime;
  return h;
}

// FNV-1a alone mixes its last bytes weakly; sums of row hashes need every bit mixed.
std::uint64_t checksum_finish(std::uint64_t x) {
  x = (x ^ (x >> 33)) * 0xff51afd7ed558ccdULL;
  x = (x ^ (x >> 33)) * 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

std::optional<double> checksum_number(const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
    return std::nullopt;
  return v;
}

}  // namespace

std::uint64_t row_hash(const ResultRow& row) {
  std::uint64_t h = kFnvOffset;
  for (const auto& field : row) {
    // A tag byte and the length before the bytes: NULL, '' and field boundaries all count.
    const unsigned char tag = field ? 1 : 0;
    h = checksum_bytes(h, &tag, 1);
    const std::uint64_t size = field ? field->size() : 0;
    for (int b = 0; b < 8; ++b) {
      const auto byte = static_cast<unsigned char>((size >> (8 * b)) & 0xff);
      h = checksum_bytes(h, &byte, 1);
    }
    if (field) h = checksum_bytes(h, field->data(), field->size());
  }
  return checksum_finish(h);
}

std::string RowsChecksum::text() const {
  return fmt::format("{}:{:016x}{:016x}", rows, a, b);
}

void UnorderedChecksum::add(const ResultRow& row) {
  const std::uint64_t h = row_hash(row);
  ++value_.rows;
  value_.a += h;
  value_.b ^= h;
}

void OrderedChecksum::add(const ResultRow& row) {
  const std::uint64_t h = row_hash(row);
  ++value_.rows;
  value_.a = checksum_finish(value_.a * kFnvPrime + h);
  value_.b = checksum_finish(value_.b ^ (h + value_.rows));
}

bool values_match(const std::optional<std::string>& x, const std::optional<std::string>& y,
                  double relative) {
  if (!x || !y) return !x && !y;
  if (*x == *y) return true;
  if (relative <= 0) return false;
  const auto a = checksum_number(*x), b = checksum_number(*y);
  if (!a || !b) return false;
  return std::fabs(*a - *b) <= relative * std::max(std::fabs(*a), std::fabs(*b));
}

std::optional<RowDifference> first_difference(const std::vector<ResultRow>& x,
                                              const std::vector<ResultRow>& y, double relative) {
  const std::size_t rows = std::min(x.size(), y.size());
  for (std::size_t r = 0; r < rows; ++r) {
    if (x[r].size() != y[r].size()) return RowDifference{r, 0};
    for (std::size_t c = 0; c < x[r].size(); ++c)
      if (!values_match(x[r][c], y[r][c], relative)) return RowDifference{r, c};
  }
  if (x.size() != y.size()) return RowDifference{rows, 0};
  return std::nullopt;
}

std::vector<ResultRow> sorted_rows(std::vector<ResultRow> rows) {
  std::sort(rows.begin(), rows.end());  // std::optional orders nullopt first
  return rows;
}

}  // namespace versus::load::replay
