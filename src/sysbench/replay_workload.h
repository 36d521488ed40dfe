#pragma once
// ReplayWorkload: a production query log replayed as a workload (docs/replay.md): the log, the
// dump its statements run on, and how it is replayed. Plain values: the config layer fills
// them, the load layer's replay family reads the log and runs it.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace versus::sysbench {

// The prefix of a replay's workload name ("replay-shop" for shop.log): what tells a cell's
// workload name as a replay's (traits_of_named).
inline constexpr std::string_view kReplayNamePrefix = "replay-";

// The order a session sends the log's statements in (replay_order). captured: its connections'
// statements as the log has them, state and transactions kept; weighted: each transaction one
// statement drawn at random from the log's standalone statements, each equally likely (so each
// class by its share of the log).
enum class ReplayOrder { captured, weighted };

std::string_view replay_order_name(ReplayOrder o);
std::optional<ReplayOrder> replay_order_from_name(std::string_view name);
// Every name, in declaration order (validation messages, docs).
const std::vector<std::string_view>& replay_order_names();

struct ReplayWorkload {
  std::filesystem::path log;   // the slow, general or statements log, absolute
  std::string source;          // the log as the matrix named it (messages)
  std::filesystem::path data;  // the dump loaded into the instance, absolute; empty: none
  std::string data_source;     // the dump as the matrix named it
  std::string data_key;        // what the dump holds (util/content_key.h): the instance's identity
  bool writes = false;         // replay_writes: a write statement is replayed, not refused
  std::int64_t sample = 1;     // replay_sample: 1 in N of the log's connections kept
  ReplayOrder order = ReplayOrder::captured;  // replay_order: how the timed load sends them
  bool compare = true;     // replay_compare: the unmeasured pass recording results runs
  bool show_rows = false;  // replay_show_rows: the rows a pass shows hold values, not hashes
  std::string name{};      // the cells' workload name ("replay-app-slow"), its plans' owner
};

}  // namespace versus::sysbench
