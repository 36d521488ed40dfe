// The workload file's rows of the option table (the table itself: option_table_test).
#include <catch2/catch.hpp>

#include "config/options/option_table.h"

using namespace versus::config;

TEST_CASE("workload options: every row is at a workload file level", "[config][workload_options]") {
  const auto rows = workload_file_options();
  CHECK(rows.size() == 26);
  for (const OptionSpec& spec : rows) {
    INFO(spec.name);
    CHECK(is_workload_file_level(spec.level));
    CHECK(&option(spec.key) != &option_table().front());  // appended to the table
    if (spec.kind == Kind::entry_list) CHECK(is_workload_file_level(spec.entries));
  }
  CHECK(option(Key::file_tables).entries == Level::workload_table);
  CHECK(option(Key::statement_params).entries == Level::workload_generator);
  CHECK_FALSE(is_workload_file_level(Level::host));
  CHECK(option_names(Level::workload_statement) ==
        std::vector<std::string_view>{"name", "sql", "params", "into"});
  CHECK(option_names(Level::workload_transaction) ==
        std::vector<std::string_view>{"name", "weight", "transaction", "params", "statements"});
  CHECK(option(Key::transaction_params).entries == Level::workload_generator);
}
