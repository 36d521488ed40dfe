#include "config/reading/workload_file.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "config/reading/conversion.h"
#include "config/reading/problems.h"
#include "config/reading/workload_values.h"
#include "config/reading/yaml_document.h"
#include "sysbench/placeholders.h"
#include "util/content_key.h"
#include "util/csv_reader.h"
#include "util/whole_file.h"

namespace versus::config {
namespace {

namespace fs = std::filesystem;
using sysbench::Generator;

// The line a key was given at (0 when absent or defaulted).
int given_line(const Fields& fields, Key key) {
  const auto it = fields.find(key);
  return it != fields.end() && it->second.given ? it->second.line : 0;
}

std::string key_path(const std::string& path, Key key) {
  return path + "." + std::string(option(key).name);
}

// What a file's generators may name: its tables' rows, by name; kUnknownRows for a table a
// SQL file fills.
using TableRows = std::map<std::string, std::int64_t>;
constexpr std::int64_t kUnknownRows = -1;

// What a generator fills: a table's column, a statement's `?`, a transaction's named value.
enum class GeneratorRole { column, param, named };

// Where a generator sits, and what it fills.
struct GeneratorAt {
  const MapEntry& entry;
  GeneratorRole role;
};

// Reports a key given to a generator it does not apply to (a sequence parameter takes min and
// table: where its new ids start).
bool keys_apply(const Fields& f, Generator g, bool column, const std::string& path,
                Problems& problems) {
  const bool integer = !sysbench::is_text_generator(g) && g != Generator::sequence;
  const bool new_ids = g == Generator::sequence && !column;
  const std::pair<Key, bool> applies[] = {{Key::generator_min, integer || new_ids},
                                          {Key::generator_max, integer},
                                          {Key::generator_table, integer || new_ids},
                                          {Key::generator_length, g == Generator::string},
                                          {Key::generator_values, g == Generator::list}};
  bool ok = true;
  for (const auto& [key, allowed] : applies)
    if (!allowed && given_line(f, key) > 0) {
      problems.add(given_line(f, key), key_path(path, key),
                   fmt::format("does not apply to generator {}", quote(sysbench::generator_name(g))));
      ok = false;
    }
  return ok;
}

// An integer generator's range: min..max, or 1..rows of the table it names.
bool integer_range(Fields& f, sysbench::ValueSpec& v, const TableRows& tables,
                   const std::string& path, const MapEntry& entry, Problems& problems) {
  v.min = take<std::int64_t>(f, Key::generator_min).value_or(1);
  const auto max = take<std::int64_t>(f, Key::generator_max);
  const auto table = take<std::string>(f, Key::generator_table);
  if (table) {
    const auto it = tables.find(*table);
    if (it == tables.end()) {
      std::vector<std::string_view> names;
      for (const auto& t : tables) names.push_back(t.first);
      problems.add(given_line(f, Key::generator_table), key_path(path, Key::generator_table),
                   "the file creates no table " + quote(*table) + suggestion(*table, names));
      return false;
    }
    v.table = *table;
    if (!max && it->second == kUnknownRows) {
      problems.add(given_line(f, Key::generator_table), key_path(path, Key::generator_table),
                   fmt::format("table {} is filled by its {}, whose row count is not known "
                               "before it runs: give {}",
                               quote(*table), quote(option(Key::table_sql_file).name),
                               quote(option(Key::generator_max).name)));
      return false;
    }
    v.max = max.value_or(it->second);
  } else if (max) {
    v.max = *max;
  } else {
    problems.add(entry.at.line, path,
                 fmt::format("missing required key {} or {} (generator {})",
                             quote(option(Key::generator_max).name),
                             quote(option(Key::generator_table).name),
                             quote(sysbench::generator_name(v.generator))));
    return false;
  }
  if (v.min <= v.max) return true;
  problems.add(entry.at.line, path, fmt::format("min {} is above max {}", v.min, v.max));
  return false;
}

// A sequence parameter's new ids: from min, else after the rows of its table (not known for
// a sql_file's).
bool new_ids(Fields& f, sysbench::ValueSpec& v, const TableRows& tables, const std::string& path,
             const MapEntry& entry, Problems& problems) {
  const auto min = take<std::int64_t>(f, Key::generator_min);
  const auto table = take<std::string>(f, Key::generator_table);
  const auto it = table ? tables.find(*table) : tables.end();
  v.max = 2'147'483'647;
  v.table = table.value_or("");
  if (min) v.min = *min;
  else if (it != tables.end() && it->second != kUnknownRows) v.min = it->second + 1;
  if (table && it == tables.end()) {
    std::vector<std::string_view> names;
    for (const auto& t : tables) names.push_back(t.first);
    problems.add(given_line(f, Key::generator_table), key_path(path, Key::generator_table),
                 "the file creates no table " + quote(*table) + suggestion(*table, names));
    return false;
  }
  if (min || (table && it->second != kUnknownRows)) return true;
  problems.add(table ? given_line(f, Key::generator_table) : entry.at.line, path,
               fmt::format("generator 'sequence' as a parameter draws new ids: give {} (they "
                           "start after its rows) or {} (the first){}",
                           quote(option(Key::generator_table).name),
                           quote(option(Key::generator_min).name),
                           table ? " (the rows of a sql_file's table are not known)" : ""));
  return false;
}

// The key naming what a generator fills: column: in columns[], name: in a transaction's
// params[], neither in a statement's; a missing or misplaced one is reported.
std::optional<std::string> generator_label(Fields& f, GeneratorRole role, const MapEntry& entry,
                                           Problems& problems) {
  auto column = take<std::string>(f, Key::generator_column);
  auto name = take<std::string>(f, Key::generator_name);
  const std::pair<Key, bool> keys[] = {{Key::generator_column, column.has_value()},
                                       {Key::generator_name, name.has_value()}};
  bool ok = true;
  for (const auto& [key, given] : keys) {
    const bool wanted = key == (role == GeneratorRole::column ? Key::generator_column
                                                               : Key::generator_name) &&
                        role != GeneratorRole::param;
    if (wanted && !given)
      problems.add(entry.at.line, entry.at.path, "missing required key " + quote(option(key).name));
    else if (!wanted && given)
      problems.add(given_line(f, key), key_path(entry.at.path, key),
                   key == Key::generator_column
                       ? "applies to a table's columns[] only"
                       : "applies to a transaction's params[] only (a value its statements "
                         "use as :name)");
    ok = ok && wanted == given;
  }
  if (!ok) return std::nullopt;
  return column ? *column : name.value_or("");
}

// One generator of columns[] (with its column name), a statement's params[] or a
// transaction's params[] (with its value's name).
std::optional<sysbench::CustomColumn> read_generator(const GeneratorAt& at,
                                                     const TableRows& tables, ReadContext& ctx) {
  const std::string& path = at.entry.at.path;
  Fields f = read_fields(at.entry.node, Level::workload_generator, path, ctx);
  sysbench::CustomColumn out;
  auto label = generator_label(f, at.role, at.entry, ctx.problems);
  if (!label) return std::nullopt;
  out.name = std::move(*label);
  const auto kind = take<std::string>(f, Key::generator_kind);
  if (!kind) return std::nullopt;  // reported
  sysbench::ValueSpec& v = out.value;
  v.generator = *sysbench::generator_from_name(*kind);  // a choice of the table
  const bool column = at.role == GeneratorRole::column;
  if (!keys_apply(f, v.generator, column, path, ctx.problems)) return std::nullopt;
  switch (v.generator) {
    case Generator::sequence:
      if (column || new_ids(f, v, tables, path, at.entry, ctx.problems)) return out;
      return std::nullopt;
    case Generator::string:
      v.length = static_cast<int>(take<std::int64_t>(f, Key::generator_length).value_or(10));
      return out;
    case Generator::list:
      if (auto values = take<std::vector<std::string>>(f, Key::generator_values)) {
        v.values = std::move(*values);
        return out;
      }
      ctx.problems.add(at.entry.at.line, path,
                       "missing required key " + quote(option(Key::generator_values).name) +
                           " (generator 'list')");
      return std::nullopt;
    default:
      if (!integer_range(f, v, tables, path, at.entry, ctx.problems)) return std::nullopt;
      return out;
  }
}

// The generators of an entry_list key, all of them read even after a bad one.
template <class Out>
bool read_generators(Fields& f, Key key, GeneratorRole role, const TableRows& tables,
                     ReadContext& ctx, std::vector<Out>& out) {
  auto entries = take<std::vector<MapEntry>>(f, key);
  if (!entries) return false;
  bool ok = true;
  for (const MapEntry& entry : *entries) {
    auto g = read_generator({entry, role}, tables, ctx);
    if (!g)
      ok = false;
    else if constexpr (std::is_same_v<Out, sysbench::ValueSpec>)
      out.push_back(std::move(g->value));
    else
      out.push_back(std::move(*g));
  }
  return ok;
}

// Names that must be unique in the file: tables, transactions, statements.
class UniqueNames {
 public:
  UniqueNames(Problems& problems, const char* what) : problems_(problems), what_(what) {}
  void check(const std::string& name, int line, const std::string& path) {
    auto [it, inserted] = first_.emplace(name, line);
    if (!inserted)
      problems_.add(line, path, fmt::format("{} {} is also at line {}", what_, quote(name), it->second));
  }

 private:
  Problems& problems_;
  const char* what_;
  std::map<std::string, int> first_;
};

// The CSV files of the tables that name one, read through once (util/csv_reader.h), by table
// name; a file that fails to read is reported by read_table.
using CsvShapes = std::map<std::string, CsvShape>;

// A table's rows from its csv or sql_file: the file's content key, and a CSV's shape.
bool read_data_file(Fields& f, sysbench::CustomTable& t, const CsvShapes& shapes,
                    const std::string& path, Problems& problems) {
  const Key key = t.data == sysbench::TableData::csv ? Key::table_csv : Key::table_sql_file;
  const int line = given_line(f, key);
  auto file = take<fs::path>(f, key);
  if (!file) return false;
  t.data_file = *file;
  auto content = content_key(t.data_file);
  if (!content) {
    problems.add(line, key_path(path, key), content.error().message);
    return false;
  }
  t.data_key = *content;
  if (t.data == sysbench::TableData::sql) return true;
  const auto it = shapes.find(t.name);
  auto shape = it != shapes.end() ? Expected<CsvShape>(it->second) : scan_csv(t.data_file);
  if (!shape) {
    problems.add(line, key_path(path, key), shape.error().message);
    return false;
  }
  t.rows = shape->records;
  return true;
}

// Which of rows/columns, csv and sql_file fills the table: at most one.
bool data_source(const Fields& f, sysbench::CustomTable& t, const std::string& path,
                 Problems& problems) {
  const int csv = given_line(f, Key::table_csv), sql = given_line(f, Key::table_sql_file);
  const int generated = std::max(given_line(f, Key::table_rows), given_line(f, Key::table_columns));
  if ((csv > 0) + (sql > 0) + (generated > 0) > 1) {
    problems.add(std::max({csv, sql, generated}), path,
                 fmt::format("give one of {} (with {}), {} and {}: they are ways to fill the table",
                             quote(option(Key::table_rows).name),
                             quote(option(Key::table_columns).name),
                             quote(option(Key::table_csv).name),
                             quote(option(Key::table_sql_file).name)));
    return false;
  }
  t.data = csv > 0   ? sysbench::TableData::csv
           : sql > 0 ? sysbench::TableData::sql
                     : sysbench::TableData::generated;
  return true;
}

std::optional<sysbench::CustomTable> read_table(const MapEntry& entry, const TableRows& tables,
                                                const CsvShapes& shapes, ReadContext& ctx) {
  Fields f = read_fields(entry.node, Level::workload_table, entry.at.path, ctx);
  sysbench::CustomTable t;
  t.line = entry.at.line;
  auto name = take<std::string>(f, Key::table_name);
  auto create = take<std::string>(f, Key::table_create);
  auto rows = take<std::int64_t>(f, Key::table_rows);
  const bool columns_ok =
      read_generators(f, Key::table_columns, GeneratorRole::column, tables, ctx, t.columns);
  if (!name || !create || !rows || !columns_ok) return std::nullopt;
  t.name = std::move(*name);
  t.create = std::move(*create);
  t.rows = *rows;
  if (!data_source(f, t, entry.at.path, ctx.problems)) return std::nullopt;
  if (t.data != sysbench::TableData::generated)
    return read_data_file(f, t, shapes, entry.at.path, ctx.problems) ? std::optional(t)
                                                                    : std::nullopt;
  if (t.rows == 0 || !t.columns.empty()) return t;
  ctx.problems.add(given_line(f, Key::table_rows), key_path(entry.at.path, Key::table_rows),
                   fmt::format("{} rows need {} (a generator per column to fill)", t.rows,
                               quote(option(Key::table_columns).name)));
  return std::nullopt;
}

// The rows of a table entry as the file gives them, before it is read: rows:, a CSV file's
// record count (its shape kept in `shapes`), kUnknownRows for a sql_file.
std::int64_t rows_given(const MapEntry& e, const std::string& name, const ReadContext& ctx,
                        CsvShapes& shapes) {
  auto scalar = [&](Key key) { return e.node[std::string(option(key).name)]; };
  if (const YAML::Node sql = scalar(Key::table_sql_file); sql.IsDefined()) return kUnknownRows;
  if (const YAML::Node csv = scalar(Key::table_csv); csv.IsDefined() && csv.IsScalar()) {
    auto shape = scan_csv((ctx.base_dir / csv.Scalar()).lexically_normal());
    if (!shape) return 0;  // reported by read_table
    shapes.emplace(name, *shape);
    return shape->records;
  }
  const YAML::Node count = scalar(Key::table_rows);
  return count.IsDefined() && count.IsScalar() ? std::atoll(count.Scalar().c_str()) : 0;
}

// The tables, each table's rows known before any generator names it (a table may name itself
// or a later one).
std::optional<std::vector<sysbench::CustomTable>> read_tables(Fields& top, ReadContext& ctx) {
  auto entries = take<std::vector<MapEntry>>(top, Key::file_tables);
  if (!entries) return std::nullopt;
  TableRows rows;
  CsvShapes shapes;
  UniqueNames names(ctx.problems, "table");
  for (const MapEntry& e : *entries) {
    const YAML::Node name = e.node[std::string(option(Key::table_name).name)];
    if (name.IsDefined() && name.IsScalar()) {
      names.check(name.Scalar(), e.at.line, e.at.path);
      rows.emplace(name.Scalar(), rows_given(e, name.Scalar(), ctx, shapes));
    }
  }
  std::vector<sysbench::CustomTable> out;
  std::vector<EntryPlace> places;
  bool ok = true;
  for (const MapEntry& e : *entries) {
    auto t = read_table(e, rows, shapes, ctx);
    if (t) {
      out.push_back(std::move(*t));
      places.push_back({e.at.path, e.at.line});
    } else {
      ok = false;
    }
  }
  if (!ok || !order_by_references(out, places, ctx.problems)) return std::nullopt;
  return out;
}

// One statement, its sql as written (`:name`s resolved with its transaction's, into
// workload_values.h); `place` gets where it sits and its into: names.
std::optional<sysbench::CustomStatement> read_statement(const MapEntry& entry,
                                                        const TableRows& tables,
                                                        UniqueNames& names, ReadContext& ctx,
                                                        StatementPlace& place) {
  Fields f = read_fields(entry.node, Level::workload_statement, entry.at.path, ctx);
  sysbench::CustomStatement s;
  const int sql_line = given_line(f, Key::statement_sql);
  s.line = sql_line ? sql_line : entry.at.line;
  place = {{entry.at.path, entry.at.line}, s.line, given_line(f, Key::statement_into), {}};
  auto name = take<std::string>(f, Key::statement_name);
  auto sql = take<std::string>(f, Key::statement_sql);
  place.into = take<std::vector<std::string>>(f, Key::statement_into).value_or(place.into);
  const bool params_ok =
      read_generators(f, Key::statement_params, GeneratorRole::param, tables, ctx, s.params);
  if (name) names.check(*name, entry.at.line, entry.at.path);
  if (!name || !sql || !params_ok) return std::nullopt;
  s.name = std::move(*name);
  s.sql = std::move(*sql);
  const int marks = static_cast<int>(sysbench::placeholder_offsets(s.sql).size());
  if (marks == static_cast<int>(s.params.size())) return s;
  ctx.problems.add(s.line, key_path(entry.at.path, Key::statement_sql),
                   fmt::format("{} ? placeholder{} but {} params", marks, marks == 1 ? "" : "s",
                               s.params.size()));
  return std::nullopt;
}

// A transaction's params: generators with a name, drawn once per transaction.
bool read_transaction_params(Fields& f, const TableRows& tables, ReadContext& ctx,
                             sysbench::CustomTransaction& t, std::vector<EntryPlace>& places) {
  auto entries = take<std::vector<MapEntry>>(f, Key::transaction_params);
  if (!entries) return false;
  bool ok = true;
  for (const MapEntry& entry : *entries) {
    auto g = read_generator({entry, GeneratorRole::named}, tables, ctx);
    if (!g) {
      ok = false;
      continue;
    }
    t.values.push_back({std::move(g->name), std::move(g->value)});
    places.push_back({entry.at.path, entry.at.line});
  }
  return ok;
}

std::optional<sysbench::CustomTransaction> read_transaction(const MapEntry& entry,
                                                            const TableRows& tables,
                                                            UniqueNames& statements,
                                                            ReadContext& ctx) {
  Fields f = read_fields(entry.node, Level::workload_transaction, entry.at.path, ctx);
  sysbench::CustomTransaction t;
  auto name = take<std::string>(f, Key::transaction_name);
  auto weight = take<std::int64_t>(f, Key::transaction_weight);
  auto in_transaction = take<bool>(f, Key::transaction_in_transaction);
  std::vector<EntryPlace> param_places;
  const bool params_ok = read_transaction_params(f, tables, ctx, t, param_places);
  auto entries = take<std::vector<MapEntry>>(f, Key::transaction_statements);
  bool ok = name && weight && in_transaction && entries && params_ok;
  std::vector<StatementPlace> places;
  for (const MapEntry& e : entries.value_or(std::vector<MapEntry>{})) {
    StatementPlace place;
    auto s = read_statement(e, tables, statements, ctx, place);
    if (s) {
      t.statements.push_back(std::move(*s));
      places.push_back(std::move(place));
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  t.name = std::move(*name);
  t.weight = static_cast<int>(*weight);
  t.in_transaction = *in_transaction;
  if (!resolve_named_values(t, param_places, places, ctx.problems)) return std::nullopt;
  return t;
}

std::optional<std::vector<sysbench::CustomTransaction>> read_transactions(
    Fields& top, const std::vector<sysbench::CustomTable>& tables, ReadContext& ctx) {
  auto entries = take<std::vector<MapEntry>>(top, Key::file_transactions);
  if (!entries) return std::nullopt;
  TableRows rows;
  for (const auto& t : tables)
    rows.emplace(t.name, t.data == sysbench::TableData::sql ? kUnknownRows : t.rows);
  UniqueNames names(ctx.problems, "transaction"), statements(ctx.problems, "statement");
  std::vector<sysbench::CustomTransaction> out;
  bool ok = true;
  for (const MapEntry& e : *entries) {
    auto t = read_transaction(e, rows, statements, ctx);
    if (t) {
      names.check(t->name, e.at.line, e.at.path);
      out.push_back(std::move(*t));
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

// Statement classes are one byte (load/family/statement_class.h), BEGIN and COMMIT among them.
constexpr std::size_t kMaxStatements = 250;

Expected<sysbench::CustomWorkload> parse_text(std::string_view text, const std::string& source,
                                              const std::string& default_name,
                                              const fs::path& dir) {
  Problems problems(source);
  auto root = read_root_map(text, problems, Level::workload_file);
  if (!root) return fail(problems.error());
  ReadContext ctx{problems, dir};
  Fields top = read_fields(*root, Level::workload_file, "", ctx);
  sysbench::CustomWorkload w;
  w.name = take<std::string>(top, Key::file_name).value_or(default_name);
  w.source = source;
  w.text = std::string(text);
  auto tables = read_tables(top, ctx);
  auto transactions = read_transactions(top, tables.value_or(std::vector<sysbench::CustomTable>{}), ctx);
  if (!problems.empty() || !tables || !transactions) return fail(problems.error());
  w.tables = std::move(*tables);
  w.transactions = std::move(*transactions);
  std::size_t statements = 0;
  for (const auto& t : w.transactions) statements += t.statements.size();
  if (statements > kMaxStatements)
    return fail(fmt::format("{}: {} statements; at most {}", source, statements, kMaxStatements));
  return w;
}

}  // namespace

Expected<sysbench::CustomWorkload> parse_workload_text(std::string_view text,
                                                       const std::string& source,
                                                       const std::string& default_name,
                                                       const fs::path& dir) {
  try {
    return parse_text(text, source, default_name, dir.empty() ? fs::current_path() : dir);
  } catch (const std::exception& e) {  // a yaml-cpp or library surprise: still an Error
    return fail(source + ": internal error while reading the workload file: " + e.what());
  }
}

Expected<sysbench::CustomWorkload> parse_workload_file(const fs::path& file,
                                                       const std::string& shown) {
  auto text = read_whole_file(file);
  if (!text) return fail(shown + ": cannot read: " + text.error().message);
  return parse_workload_text(*text, shown, file.stem().string(),
                             fs::absolute(file).parent_path());
}

}  // namespace versus::config
