#pragma once
// Data size: how many bytes the loaded tables (sysbench's or TPC-C's) of an instance take right
// after its load
// (seed 004's third experiment: the .MYD of the same table in 5.1 and 5.5). Measured twice:
// from the files in the datadir, with the server stopped, and as the server itself reports
// them (information_schema.TABLES DATA_LENGTH / INDEX_LENGTH) while it still runs.
#include <cstdint>
#include <filesystem>
#include <string>

#include "client/connection.h"
#include "results/record/record.h"
#include "util/expected.h"

namespace versus::host {

// Bytes of the shared tablespace files (ibdata1, ibdata2, ...) directly in `datadir`.
std::uint64_t shared_tablespace_bytes(const std::filesystem::path& datadir);

// The server's figures for the loaded tables (is_loaded_table) of `database`: sums of
// DATA_LENGTH and INDEX_LENGTH into `record`, and the first one's TABLE_COLLATION with its
// charset (every table is created alike).
Expected<void> read_server_sizes(client::Connection& admin, const std::string& database,
                                 results::DataSizeRecord& record);

// The files' figures, with the server stopped: sums of the tables' .MYD/.MAD (data),
// .MYI/.MAI (index) and .ibd (data) in `datadir`/`database`; when an InnoDB table has no .ibd
// (innodb_file_per_table off) the shared tablespace's growth since `shared_before` bytes.
void read_file_sizes(const std::filesystem::path& datadir, const std::string& database,
                     std::uint64_t shared_before, results::DataSizeRecord& record);

// The charset a collation name belongs to: its part before the first '_' ("utf8mb4" of
// "utf8mb4_0900_ai_ci"; "binary" of "binary").
std::string charset_of_collation(const std::string& collation);

// Whether `file_stem` names a table a load makes, as its family says (WorkloadFamily::
// owns_table): "sbtest" or "sbtest" followed by digits, or one of TPC-C's nine.
bool is_loaded_table(const std::string& file_stem);

}  // namespace versus::host
