#include "report/run/data_size_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace versus::report {
namespace {

using results::DataSizeRecord;

struct SizeColumn {
  std::string server, profile;
  bool operator==(const SizeColumn&) const = default;
};

SizeColumn column_of(const DataSizeRecord& r) {
  return {r.server, r.profile};
}

// Columns in the run's server x profile order, then any other in order of appearance.
std::vector<SizeColumn> columns_of(const results::RunInfo& info,
                                   const std::vector<const DataSizeRecord*>& records) {
  std::vector<SizeColumn> columns;
  auto add = [&](const SizeColumn& c) {
    bool present = std::any_of(records.begin(), records.end(),
                               [&](const DataSizeRecord* r) { return column_of(*r) == c; });
    if (present && std::find(columns.begin(), columns.end(), c) == columns.end())
      columns.push_back(c);
  };
  for (const std::string& server : info.servers)
    for (const std::string& profile : info.profiles) add({server, profile});
  for (const DataSizeRecord* r : records) add(column_of(*r));
  return columns;
}

const DataSizeRecord* find(const std::vector<const DataSizeRecord*>& records,
                           const SizeColumn& column, std::int64_t size) {
  for (const DataSizeRecord* r : records)
    if (column_of(*r) == column && r->table_size == size) return r;
  return nullptr;
}

std::string cell_text(const DataSizeRecord* r, const DataSizeRecord* base) {
  if (!r) return "-";
  std::string text = mib_text(r->file_bytes()) + " (" + mib_text(r->server_bytes()) + ")";
  if (base && base != r && base->file_bytes() > 0)
    text += fmt::format(
        " x{:.2f}", static_cast<double>(r->file_bytes()) / static_cast<double>(base->file_bytes()));
  return text;
}

TextTable table_of(const results::RunResults& run, const std::vector<const DataSizeRecord*>& group) {
  const results::RunInfo& info = run.info;
  const sysbench::FamilyTraits* family = size_family(run, *group.front());
  const auto columns = columns_of(info, group);
  std::vector<std::int64_t> sizes;
  for (const DataSizeRecord* r : group) sizes.push_back(r->table_size);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  TextTable t;
  t.title = fmt::format(
      "Data size, {}, {}: MiB on disk after the load (the server's DATA_LENGTH + "
      "INDEX_LENGTH in parentheses); ratio to {}/{}",
      group.front()->engine,
      family ? std::string(family->tables) : fmt::format("{} table(s)", group.front()->tables),
      columns.front().server, columns.front().profile);
  t.header = {family ? std::string(family->size.unit) : "rows"};
  for (const SizeColumn& c : columns) t.header.push_back(c.server + "/" + c.profile);
  for (std::int64_t size : sizes) {
    std::vector<std::string> line{std::to_string(size)};
    const DataSizeRecord* base = find(group, columns.front(), size);
    for (const SizeColumn& c : columns) line.push_back(cell_text(find(group, c, size), base));
    t.rows.push_back(std::move(line));
  }
  return t;
}

}  // namespace

const sysbench::FamilyTraits* size_family(const results::RunResults& run,
                                          const DataSizeRecord& r) {
  for (const results::CellRecord& c : run.cells) {
    const sysbench::FamilyTraits& family = sysbench::traits_of_named(c.workload);
    if (!family.sized_in_rows() && c.server == r.server && c.profile == r.profile &&
        c.engine == r.engine && c.table_size == r.table_size)
      return &family;
  }
  return nullptr;
}

bool has_measured_size(const DataSizeRecord& r) {
  return r.tables > 0 || r.data_file_bytes > 0 || r.data_length > 0;
}

std::string mib_text(std::uint64_t bytes) {
  return fmt::format("{:.1f}", static_cast<double>(bytes) / (1024.0 * 1024.0));
}

std::vector<TextTable> data_size_tables(const results::RunResults& results) {
  std::vector<std::vector<const DataSizeRecord*>> groups;
  for (const DataSizeRecord& r : results.data_sizes) {
    if (!has_measured_size(r)) continue;
    auto same = [&](const auto& g) {
      return g.front()->engine == r.engine && g.front()->tables == r.tables;
    };
    auto g = std::find_if(groups.begin(), groups.end(), same);
    if (g == groups.end()) g = groups.insert(groups.end(), std::vector<const DataSizeRecord*>{});
    g->push_back(&r);
  }
  std::vector<TextTable> tables;
  for (const auto& g : groups) tables.push_back(table_of(results, g));
  return tables;
}

}  // namespace versus::report
