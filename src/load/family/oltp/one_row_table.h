#pragma once
// OneRowTable: update_one's table, sbtest_one: sysbench's columns and index with a single row
// (id 1), so every session of update_one updates the same row of the same one-page B-tree,
// whatever the matrix's tables and table_size (the published update-one test: one hot row).
#include <string>
#include <string_view>

#include "load/family/loader.h"
#include "util/expected.h"

namespace versus::load {

inline constexpr std::string_view kOneRowTable = "sbtest_one";
inline constexpr long long kOneRowId = 1;  // the row's id

// Its CREATE TABLE: sbtestN's columns and secondary index on k, in `engine`, with the
// table charset clause (load/data/schema.h) of `charset` / `collation` ("" = the server's own).
std::string create_one_row_table_sql(std::string_view engine, std::string_view charset = "",
                                     std::string_view collation = "");
std::string drop_one_row_table_sql();
// Its one row, c and pad drawn as the load's rows are.
std::string one_row_insert_sql();

// Drops, creates and fills sbtest_one in spec.endpoint's database (binary log skipped).
Expected<void> load_one_row_table(const LoadSpec& spec);

}  // namespace versus::load
