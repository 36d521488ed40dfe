// The keys of a workloads[] map entry: in the option table at their own level, documented.
#include <catch2/catch.hpp>

#include "config/options/option_table.h"

using namespace versus::config;

TEST_CASE("workload entry options: file and the replay keys", "[config][options]") {
  CHECK(option_names(Level::workload_entry) ==
        std::vector<std::string_view>{"file", "replay", "replay_data", "replay_writes",
                                      "replay_sample", "replay_order", "replay_compare",
                                      "replay_show_rows"});
  CHECK(level_title(Level::workload_entry) == "workloads[]");
  CHECK_FALSE(is_workload_file_level(Level::workload_entry));
  CHECK(option(Key::entry_replay_writes).default_yaml == "false");
  CHECK(option(Key::entry_replay_sample).min == 1);
  CHECK(option(Key::entry_replay_order).default_yaml == "captured");
  CHECK(option(Key::entry_replay_order).choices() ==
        std::vector<std::string_view>{"captured", "weighted"});
  CHECK(option(Key::entry_replay_compare).default_yaml == "true");
  CHECK(option(Key::entry_replay_show_rows).default_yaml == "false");
  for (const OptionSpec* spec : options_at(Level::workload_entry)) CHECK_FALSE(spec->help.empty());
}
