#pragma once
// Scalar values of a matrix file, read as their option-table kind says: integers, percents,
// counts or auto, durations, names, CPU lists, booleans and fractions. Each reports what it
// expected, with file:line:key, into the context and returns nullopt on a bad value.
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/reading/conversion.h"

namespace versus::config {

// ASCII letters and digits.
bool is_alnum(char c);

// ASCII lower case.
std::string lower(std::string_view text);

// The text of a scalar node; anything else is reported as not being `expected`.
std::optional<std::string> scalar(const YAML::Node& node, const std::string& expected,
                                  const Where& at, ReadContext& ctx);

// A decimal integer within the spec's bounds.
std::optional<std::int64_t> to_integer(const OptionSpec& spec, const YAML::Node& node,
                                       const Where& at, ReadContext& ctx);

// "95%" or "95": an integer percent within the spec's bounds.
std::optional<std::int64_t> to_percent(const OptionSpec& spec, const YAML::Node& node,
                                       const Where& at, ReadContext& ctx);

// "auto" (0) or an integer within the spec's bounds.
std::optional<std::int64_t> to_count_or_auto(const OptionSpec& spec, const YAML::Node& node,
                                             const Where& at, ReadContext& ctx);

// A duration (config/options/duration.h) within the spec's bounds.
std::optional<std::chrono::milliseconds> to_duration(const OptionSpec& spec, const YAML::Node& node,
                                                     const Where& at, ReadContext& ctx);

// "steady" (-1 ms) or a duration within the spec's bounds.
std::optional<std::chrono::milliseconds> to_duration_or_steady(const OptionSpec& spec,
                                                               const YAML::Node& node,
                                                               const Where& at, ReadContext& ctx);

// Names end up in paths: a safe alphabet, and no leading '.' or '-' (no "..", no "-rf").
bool is_name(std::string_view s);

// A name (is_name) of at most kMaxNameLength characters.
std::optional<std::string> to_name(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                   ReadContext& ctx);

// A Linux CPU list ("0-1,3"); the empty string is the empty list.
// [user@]host for ssh (config/options/option_table.h Kind::ssh_destination).
bool is_ssh_destination(std::string_view s);
std::optional<std::string> to_ssh_destination(const OptionSpec& spec, const YAML::Node& node,
                                              const Where& at, ReadContext& ctx);
// An absolute path on another host (Kind::host_path).
bool is_host_path(std::string_view s);
std::optional<std::string> to_host_path(const OptionSpec& spec, const YAML::Node& node,
                                        const Where& at, ReadContext& ctx);
std::optional<std::vector<int>> to_cpu_list(const OptionSpec& spec, const YAML::Node& node,
                                            const Where& at, ReadContext& ctx);

// true or false, in any case.
std::optional<bool> to_boolean(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                               ReadContext& ctx);

// Newline, carriage return or NUL would start a second line in a generated my.cnf.
bool breaks_line(std::string_view s);

// A plain decimal number ("0.2", ".5", "1e-1"; no "nan", "inf", hex) strictly inside (0, 1).
std::optional<double> to_fraction(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                  ReadContext& ctx);

}  // namespace versus::config
