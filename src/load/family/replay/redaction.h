#pragma once
// A result row as a report shows it. Rows replayed from a production log are production data,
// so by default a row shows its column names and a short hash of each value, never the value:
// "id=#1b2c3d4e, name=#9f8e7d6c, note=NULL". Equal values have equal hashes (a reader sees
// which fields differ between two releases' rows) and NULL stays NULL. The hash is the first 8
// hex digits of the value's MD5: it hides a value from a reader, not from someone who can
// guess it (a short code or a number is found by trying them all). With `show_values` the
// values are shown, each cut to its first `kShownValueBytes` bytes. Pure.
#include <cstddef>
#include <string>
#include <vector>

#include "load/family/replay/row_checksum.h"

namespace versus::load::replay {

inline constexpr std::size_t kShownValueBytes = 64;

// One value as shown: "#" and 8 hex digits, the value (cut, with "... (N bytes)"), or "NULL".
std::string shown_value(const std::optional<std::string>& value, bool show_values);

// "name=value, ..." for a row and its column names (a column past the names is "#N", its
// 1-based position).
std::string shown_row(const std::vector<std::string>& names, const ResultRow& row,
                      bool show_values);

}  // namespace versus::load::replay
