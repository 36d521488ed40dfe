#include "config/reading/replay_entry.h"

#include <memory>

#include "config/reading/scalar_conversion.h"
#include "util/content_key.h"

namespace versus::config {

namespace fs = std::filesystem;

std::string replay_workload_name(const fs::path& log, sysbench::ReplayOrder order) {
  std::string out(sysbench::kReplayNamePrefix);
  for (char c : log.stem().string()) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    out += ok ? c : '_';
  }
  if (order == sysbench::ReplayOrder::weighted)
    return out.substr(0, kMaxNameLength - 9) + "-weighted";
  return out.substr(0, kMaxNameLength);
}

namespace {

// The given text of `key` in `item` ("" when absent): the path as the matrix wrote it.
std::string written(const MapEntry& item, Key key) {
  const YAML::Node node = item.node[std::string(option(key).name)];
  return node.IsDefined() && node.IsScalar() ? node.Scalar() : std::string();
}

// The dump's content key into `replay`; false with the problem reported.
bool key_the_data(const MapEntry& item, sysbench::ReplayWorkload& replay, ReadContext& ctx) {
  if (replay.data.empty()) return true;
  auto key = content_key(replay.data);
  if (key) {
    replay.data_key = *key;
    return true;
  }
  ctx.problems.add(item.at.line,
                   item.at.path + "." + std::string(option(Key::entry_replay_data).name),
                   key.error().message);
  return false;
}

}  // namespace

std::optional<WorkloadEntry> to_replay_entry(const MapEntry& item, ReadContext& ctx) {
  // Paths resolve from the matrix file's directory, as a workload file's do.
  ReadContext here{ctx.problems, ctx.source_dir.empty() ? ctx.base_dir : ctx.source_dir,
                   ctx.in_default, nullptr, ctx.source_dir};
  Fields f = read_fields(item.node, Level::workload_entry, item.at.path, here);
  if (f.contains(Key::entry_file)) {
    report(ctx, item.at, "an entry with file or replay, not both", "both");
    return std::nullopt;
  }
  auto log = take<fs::path>(f, Key::entry_replay);
  auto writes = take<bool>(f, Key::entry_replay_writes);
  auto sample = take<std::int64_t>(f, Key::entry_replay_sample);
  auto order = take<std::string>(f, Key::entry_replay_order);
  auto compare = take<bool>(f, Key::entry_replay_compare);
  auto show_rows = take<bool>(f, Key::entry_replay_show_rows);
  const bool data_given = item.node[std::string(option(Key::entry_replay_data).name)].IsDefined();
  auto data = take<fs::path>(f, Key::entry_replay_data);
  if (!log || !writes || !sample || !order || !compare || !show_rows || (data_given && !data))
    return std::nullopt;
  sysbench::ReplayWorkload replay;
  replay.log = *log;
  replay.source = written(item, Key::entry_replay);
  replay.data = data.value_or(fs::path());
  replay.data_source = written(item, Key::entry_replay_data);
  replay.writes = *writes;
  replay.sample = *sample;
  // The choice was validated against replay_order_names().
  replay.order = sysbench::replay_order_from_name(*order).value_or(sysbench::ReplayOrder::captured);
  replay.name = replay_workload_name(*log, replay.order);
  replay.compare = *compare;
  replay.show_rows = *show_rows;
  if (!key_the_data(item, replay, ctx)) return std::nullopt;
  auto workload = std::make_shared<sysbench::CustomWorkload>();
  workload->name = replay.name;
  workload->source = replay.source;
  workload->replay = std::make_shared<const sysbench::ReplayWorkload>(std::move(replay));
  return WorkloadEntry{sysbench::Workload::replay, std::move(workload)};
}

}  // namespace versus::config
