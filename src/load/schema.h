#pragma once
// Schema: the sysbench tables sbtest1..N, exactly as sysbench 1.0 creates them
// (the secondary index on k is created after the load, as sysbench does by default).
#include <string>
#include <string_view>

namespace versus::load {

inline constexpr std::string_view kDatabase = "sbtest";
// '#' is a random digit: 10 groups of 11 for c (119 chars), 5 for pad (59 chars), as sysbench.
inline constexpr std::string_view kCTemplate =
    "###########-###########-###########-###########-###########-"
    "###########-###########-###########-###########-###########";
inline constexpr std::string_view kPadTemplate =
    "###########-###########-###########-###########-###########";

std::string table_name(int table);  // 1-based: sbtest1
std::string create_table_sql(int table, std::string_view engine);
std::string create_index_sql(int table);
std::string drop_table_sql(int table);

}  // namespace versus::load
