#include "config/reading/nested_conversion.h"

#include <algorithm>
#include <map>

#include "config/reading/replay_entry.h"
#include "config/reading/scalar_conversion.h"
#include "config/reading/workload_file.h"

namespace versus::config {
namespace {

namespace fs = std::filesystem;

// {file: PATH}: the workload file PATH (relative to the matrix file's directory), read.
std::optional<WorkloadEntry> to_workload_file(const MapEntry& item, ReadContext& ctx) {
  if (item.node.size() != 1 || !item.node["file"].IsDefined()) {
    report(ctx, item.at, "a map {file: PATH} or {replay: LOG, ...}", describe(item.node));
    return std::nullopt;
  }
  const YAML::Node path_node = item.node["file"];
  const Where at{item.at.path + ".file", ctx.line(path_node)};
  auto text = scalar(path_node, "the path of a workload file", at, ctx);
  if (!text) return std::nullopt;
  const fs::path base = ctx.source_dir.empty() ? ctx.base_dir : ctx.source_dir;
  auto file = parse_workload_file((base / *text).lexically_normal(), *text);
  if (!file) {
    ctx.problems.add(at.line, at.path, "workload file " + quote(*text) + ":\n" + file.error().message);
    return std::nullopt;
  }
  if (sysbench::workload_from_name(file->name) ||
      file->name.starts_with(sysbench::kReplayNamePrefix)) {
    report(ctx, at, "a workload file whose name is not a built-in workload's nor a replay's",
           quote(*text) + " named " + quote(file->name));
    return std::nullopt;
  }
  return WorkloadEntry{sysbench::Workload::custom,
                       std::make_shared<const sysbench::CustomWorkload>(std::move(*file))};
}

std::optional<WorkloadEntry> to_workload_entry(const OptionSpec& spec, const MapEntry& item,
                                               ReadContext& ctx) {
  if (item.node.IsMap())
    return item.node["replay"].IsDefined() ? to_replay_entry(item, ctx)
                                           : to_workload_file(item, ctx);
  const std::string expected = item_expected_text(spec);
  auto text = scalar(item.node, expected, item.at, ctx);
  if (!text) return std::nullopt;
  if (auto w = sysbench::workload_from_name(lower(*text))) return WorkloadEntry{*w, nullptr};
  report(ctx, item.at, expected, quote(*text) + suggestion(*text, spec.choices()));
  return std::nullopt;
}

std::string entry_name(const WorkloadEntry& e) {
  return e.file ? e.file->name : std::string(sysbench::workload_name(e.workload));
}

}  // namespace

std::optional<std::vector<MapEntry>> list_items(const OptionSpec& spec, const YAML::Node& node,
                                                const Where& at, ReadContext& ctx, bool scalar_ok,
                                                bool non_empty) {
  if (scalar_ok && node.IsScalar()) return std::vector<MapEntry>{{node, at}};
  if (!node.IsSequence() || (non_empty && node.size() == 0)) {
    report(ctx, at, expected_text(spec), describe(node));
    return std::nullopt;
  }
  std::vector<MapEntry> items;
  for (const YAML::Node& child : node)
    items.push_back({child, {at.path + "[" + std::to_string(items.size()) + "]", ctx.line(child)}});
  return items;
}

std::optional<std::string> to_text(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                   ReadContext& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  const bool blank = text->find_first_not_of(" \t\r\n") == std::string::npos;
  if (!blank && text->find('\0') == std::string::npos) return text;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

std::optional<std::vector<std::string>> to_text_list(const OptionSpec& spec,
                                                     const YAML::Node& node, const Where& at,
                                                     ReadContext& ctx) {
  auto items = list_items(spec, node, at, ctx, true, true);
  if (!items) return std::nullopt;
  std::vector<std::string> out;
  bool ok = true;
  for (const MapEntry& item : *items) {
    auto text = scalar(item.node, item_expected_text(spec), item.at, ctx);
    if (text && (breaks_line(*text) || text->size() > kMaxListText)) {
      report(ctx, item.at, item_expected_text(spec), quote(*text));
      text.reset();
    }
    if (text)
      out.push_back(std::move(*text));
    else
      ok = false;
  }
  if (!ok) return std::nullopt;
  return out;
}

std::optional<std::vector<MapEntry>> to_entry_list(const OptionSpec& spec, const YAML::Node& node,
                                                   const Where& at, ReadContext& ctx) {
  auto items = list_items(spec, node, at, ctx, false, spec.required);
  if (!items) return std::nullopt;
  bool ok = true;
  for (const MapEntry& item : *items)
    if (!item.node.IsMap()) {
      report(ctx, item.at, item_expected_text(spec), describe(item.node));
      ok = false;
    }
  if (!ok) return std::nullopt;
  return items;
}

std::optional<std::vector<WorkloadEntry>> to_workload_list(const OptionSpec& spec,
                                                           const YAML::Node& node,
                                                           const Where& at, ReadContext& ctx) {
  auto items = list_items(spec, node, at, ctx, true, true);
  if (!items) return std::nullopt;
  std::vector<WorkloadEntry> out;
  std::map<std::string, std::string> seen;
  bool ok = true;
  for (const MapEntry& item : *items) {
    auto entry = to_workload_entry(spec, item, ctx);
    if (!entry) {
      ok = false;
      continue;
    }
    auto [it, inserted] = seen.emplace(entry_name(*entry), item.at.path);
    if (!inserted) {
      ctx.problems.add(item.at.line, item.at.path,
                       "duplicate value " + quote(it->first) + " (same as " + it->second + ")");
      ok = false;
    }
    out.push_back(std::move(*entry));
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace versus::config
