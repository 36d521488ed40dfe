#pragma once
// Durations in the matrix file: "500ms", "5s", "2m", "1h", or a bare integer meaning seconds.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace versus::config {

// The duration `text` denotes, or nullopt when it is malformed, negative, fractional or would
// overflow milliseconds. No whitespace, no sign, one unit: the syntax docs/config.md describes.
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text);

// The shortest exact spelling parse_duration() reads back: 90000ms -> "90s", 120000ms -> "2m".
std::string format_duration(std::chrono::milliseconds d);

}  // namespace versus::config
