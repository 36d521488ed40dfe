#pragma once
// A text value of a generated or read row, as a LOAD DATA line writes it (LOAD DATA's default
// escapes: backslash, tab, newline, NUL) or as an INSERT tuple does (in quotes; backslash,
// quote, NUL escaped). The one place both row sources of a workload file's tables escape text.
#include <cstddef>
#include <string_view>

namespace versus::load::custom {

// Writes `text` at `out`, escaped for a line or quoted and escaped for a tuple; returns the
// bytes written: at most 2 * text.size() + 2.
std::size_t put_text(std::string_view text, char* out, bool tuple);

}  // namespace versus::load::custom
