#include "config/reading/scalar_conversion.h"

#include <charconv>

#include "config/options/duration.h"
#include "util/cpu_affinity.h"

namespace versus::config {
namespace {

// A decimal integer with an optional '-' and nothing else: no "1.5", "0x10", "1e3" or "+1".
std::optional<std::int64_t> parse_decimal(std::string_view text) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || stop != end) return std::nullopt;
  return value;
}

}  // namespace

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

using std::chrono::milliseconds;

// The text of a scalar node; anything else is reported as not being `expected`.
std::optional<std::string> scalar(const YAML::Node& node, const std::string& expected,
                                  const Where& at, ReadContext& ctx) {
  if (node.IsScalar()) return node.Scalar();
  report(ctx, at, expected, describe(node));
  return std::nullopt;
}

std::optional<std::int64_t> to_integer(const OptionSpec& spec, const YAML::Node& node,
                                       const Where& at, ReadContext& ctx) {
  const std::string expected = item_expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  auto value = parse_decimal(*text);
  if (value && *value >= spec.min && *value <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

// "95%" or "95": an integer percent within the spec's bounds.
std::optional<std::int64_t> to_percent(const OptionSpec& spec, const YAML::Node& node,
                                       const Where& at, ReadContext& ctx) {
  const std::string expected = expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  std::string_view digits = *text;
  if (!digits.empty() && digits.back() == '%') digits.remove_suffix(1);
  auto value = parse_decimal(digits);
  if (value && *value >= spec.min && *value <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

// "auto" (0) or an integer within the spec's bounds.
std::optional<std::int64_t> to_count_or_auto(const OptionSpec& spec, const YAML::Node& node,
                                             const Where& at, ReadContext& ctx) {
  const std::string expected = expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  if (*text == "auto") return 0;
  auto value = parse_decimal(*text);
  if (value && *value >= spec.min && *value <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

std::optional<milliseconds> to_duration(const OptionSpec& spec, const YAML::Node& node,
                                        const Where& at, ReadContext& ctx) {
  const std::string expected = expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  auto value = parse_duration(*text);
  if (value && value->count() >= spec.min && value->count() <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

// "steady" (-1 ms) or a duration within the spec's bounds.
std::optional<milliseconds> to_duration_or_steady(const OptionSpec& spec, const YAML::Node& node,
                                                  const Where& at, ReadContext& ctx) {
  if (node.IsScalar() && node.Scalar() == "steady") return milliseconds{-1};
  return to_duration(spec, node, at, ctx);
}

// Names end up in paths: a safe alphabet, and no leading '.' or '-' (no "..", no "-rf").
bool is_name(std::string_view s) {
  if (s.empty() || s.size() > kMaxNameLength || !is_alnum(s[0])) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return is_alnum(c) || c == '.' || c == '_' || c == '-'; });
}

std::optional<std::string> to_name(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                   ReadContext& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  if (is_name(*text)) return text;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

// What ssh takes as its destination, never an option ("-oProxyCommand=..."): [user@]host.
bool is_ssh_destination(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.front() == '@' || s.back() == '@') return false;
  if (std::count(s.begin(), s.end(), '@') > 1) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return is_alnum(c) || c == '.' || c == '_' || c == '-' || c == ':' || c == '@';
  });
}

std::optional<std::string> to_ssh_destination(const OptionSpec& spec, const YAML::Node& node,
                                              const Where& at, ReadContext& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  if (is_ssh_destination(*text)) return text;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

// A path another host's shell is given (quoted too): a safe alphabet, absolute, no "..".
bool is_host_path(std::string_view s) {
  if (s.size() < 2 || s.front() != '/' || s.find("//") != s.npos) return false;
  if (s.find("/../") != s.npos || s.ends_with("/..")) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return is_alnum(c) || c == '/' || c == '.' || c == '_' || c == '-';
  });
}

std::optional<std::string> to_host_path(const OptionSpec& spec, const YAML::Node& node,
                                        const Where& at, ReadContext& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  if (is_host_path(*text)) return text;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

// A Linux CPU list ("0-1,3"); the empty string is the empty list.
std::optional<std::vector<int>> to_cpu_list(const OptionSpec& spec, const YAML::Node& node,
                                            const Where& at, ReadContext& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  if (auto cpus = parse_cpu_list(*text)) return cpus;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

std::optional<bool> to_boolean(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                               ReadContext& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  const std::string value = lower(*text);
  if (value == "true" || value == "false") return value == "true";
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

// Newline, carriage return or NUL would start a second line in a generated my.cnf.
bool breaks_line(std::string_view s) {
  return s.find_first_of(std::string_view("\n\r\0", 3)) != s.npos;
}

// A plain decimal number ("0.2", ".5", "1e-1"; no "nan", "inf", hex) strictly inside (0, 1).
std::optional<double> to_fraction(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                  ReadContext& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  double value = 0;
  const char* end = text->data() + text->size();
  auto [stop, ec] = std::from_chars(text->data(), end, value, std::chars_format::general);
  if (!text->empty() && ec == std::errc{} && stop == end && value > 0 && value < 1) return value;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

}  // namespace versus::config
