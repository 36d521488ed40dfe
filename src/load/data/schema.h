#pragma once
// Schema: the sysbench tables sbtest1..N, exactly as sysbench 1.0 creates them
// (the secondary index on k is created after the load, as sysbench does by default).
#include <cstdint>
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
// `charset` / `collation` ("" = the server's own) become DEFAULT CHARSET / COLLATE.
std::string create_table_sql(int table, std::string_view engine, std::string_view charset = "",
                             std::string_view collation = "");
// " DEFAULT CHARSET = x COLLATE = y", each part only when given; "" for neither.
std::string table_charset_clause(std::string_view charset, std::string_view collation);
std::string create_index_sql(int table);
std::string drop_table_sql(int table);

// sysbench 0.4.12's single table (tests/oltp/sb_oltp.c, oltp-table-name default), its
// CREATE TABLE for the mysql driver (the index on k made with the table, before the load,
// as 0.4 did; MyISAM with MAX_ROWS=1000000 as --myisam-max-rows), and its load rows: k=0,
// c=' ', a constant pad, ids from AUTO_INCREMENT. `myisam_max_rows` is --myisam-max-rows
// (0.4's default 1000000): MyISAM sizes its row pointers for it.
inline constexpr std::string_view kLegacyTable = "sbtest";
inline constexpr std::int64_t kLegacyMyisamMaxRows = 1'000'000;
std::string create_legacy_table_sql(std::string_view engine,
                                    std::int64_t myisam_max_rows = kLegacyMyisamMaxRows);
std::string drop_legacy_table_sql();
std::string legacy_insert_sql(int rows);
// 0.4's drv_mysql rule for engines: those without transactions run each transaction between
// LOCK TABLES and UNLOCK TABLES instead of BEGIN and COMMIT.
bool engine_has_transactions(std::string_view engine);

}  // namespace versus::load
