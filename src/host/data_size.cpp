#include "host/data_size.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "load/family/registry.h"

namespace versus::host {
namespace fs = std::filesystem;

bool is_loaded_table(const std::string& stem) {
  const auto& all = load::families();
  return std::any_of(all.begin(), all.end(), [&](auto* f) { return f->owns_table(stem); });
}

std::uint64_t shared_tablespace_bytes(const fs::path& datadir) {
  std::uint64_t total = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(datadir, ec)) {
    const auto name = e.path().filename().string();
    if (name.rfind("ibdata", 0) == 0 && e.is_regular_file(ec)) total += e.file_size(ec);
  }
  return total;
}

namespace {
std::uint64_t to_bytes(const std::string& text) {
  std::uint64_t v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);  // NULL reads "": 0
  return v;
}
}  // namespace

std::string charset_of_collation(const std::string& collation) {
  return collation.substr(0, collation.find('_'));
}

Expected<void> read_server_sizes(client::Connection& admin, const std::string& database,
                                 results::DataSizeRecord& record) {
  // Every table of the database, those a load makes kept by name (sbtest_other is not).
  auto rows = admin.query(
      "SELECT TABLE_NAME, DATA_LENGTH, INDEX_LENGTH, TABLE_COLLATION FROM "
      "information_schema.TABLES "
      "WHERE TABLE_SCHEMA = '" +
      database + "'");
  if (!rows) return fail(rows.error().context("reading the tables' sizes"));
  record.data_length = record.index_length = 0;
  record.table_collation.clear();
  for (const auto& row : *rows) {
    if (row.size() < 3 || !is_loaded_table(row[0])) continue;
    record.data_length += to_bytes(row[1]);
    record.index_length += to_bytes(row[2]);
    if (row.size() >= 4 && record.table_collation.empty()) {
      record.table_collation = row[3];
      record.table_charset = charset_of_collation(row[3]);
    }
  }
  return {};
}

void read_file_sizes(const fs::path& datadir, const std::string& database,
                     std::uint64_t shared_before, results::DataSizeRecord& record) {
  std::uint64_t data = 0, index = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(datadir / database, ec)) {
    if (!e.is_regular_file(ec) || !is_loaded_table(e.path().stem().string())) continue;
    const auto ext = e.path().extension().string();
    const auto bytes = e.file_size(ec);
    if (ext == ".MYD" || ext == ".MAD" || ext == ".ibd") data += bytes;
    if (ext == ".MYI" || ext == ".MAI") index += bytes;
  }
  record.data_file_bytes = data;
  record.index_file_bytes = index;
  record.file_source = "files";
  const bool innodb = record.engine == "innodb" || record.engine == "xtradb";
  if (innodb && data == 0) {
    const auto now = shared_tablespace_bytes(datadir);
    record.data_file_bytes = now > shared_before ? now - shared_before : 0;
    record.file_source = "shared tablespace";
  }
}

}  // namespace versus::host
