#pragma once
// The option kinds whose values nest or run long: SQL text, lists of short texts, lists of
// maps read later at their own level, and the matrix's workloads (names and workload files).
// Each reports what it expected, with file:line:key, into the context and returns nullopt on
// a bad value.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "config/reading/conversion.h"

namespace versus::config {

// Longest value of a text_list item: a text parameter's buffer (load/step/statement.h kMaxText).
inline constexpr std::size_t kMaxListText = 128;

// The items of a list-valued key, each with its key path ("threads[2]") and line; a lone
// scalar is a one-item list when `scalar_ok`. Reports anything else that is not a list, and an
// empty list when `non_empty`.
std::optional<std::vector<MapEntry>> list_items(const OptionSpec& spec, const YAML::Node& node,
                                                const Where& at, ReadContext& ctx, bool scalar_ok,
                                                bool non_empty);

// A non-empty string, several lines allowed, without NUL.
std::optional<std::string> to_text(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                   ReadContext& ctx);
// A list (or one scalar) of one-line strings of at most kMaxListText bytes.
std::optional<std::vector<std::string>> to_text_list(const OptionSpec& spec,
                                                     const YAML::Node& node, const Where& at,
                                                     ReadContext& ctx);
// The maps of a list, each with its key path ("tables[1]") and line; non-empty when required.
std::optional<std::vector<MapEntry>> to_entry_list(const OptionSpec& spec, const YAML::Node& node,
                                                   const Where& at, ReadContext& ctx);
// Built-in workload names and {file: PATH} maps, distinct; each file read and checked
// (workload_file.h) against ctx.source_dir, its problems reported under its own name.
std::optional<std::vector<WorkloadEntry>> to_workload_list(const OptionSpec& spec,
                                                           const YAML::Node& node,
                                                           const Where& at, ReadContext& ctx);

}  // namespace versus::config
