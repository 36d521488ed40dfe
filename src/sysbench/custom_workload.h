#pragma once
// CustomWorkload: a user's own workload, read from a workload file (docs/own-sql.md): the
// tables it creates and fills, and its transactions, each a weighted list of named SQL
// statements whose `?` parameters are bound to generators. Plain values: the config layer
// fills them, the load layer runs them, results name its statements.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sysbench/replay_workload.h"

namespace versus::sysbench {

// How a column's or a parameter's values are drawn. sequence: 1, 2, 3, ... (columns only:
// the row number); uniform, gaussian, special, pareto: an integer in [min, max] with
// sysbench's distribution of that name (special, pareto and zipfian with the matrix's rand_*
// keys);
// string: `length` random letters and digits; list: one of `values`, uniformly.
enum class Generator { sequence, uniform, gaussian, special, pareto, zipfian, string, list };

std::string_view generator_name(Generator g);
std::optional<Generator> generator_from_name(std::string_view name);
// Every name, in declaration order (for validation messages and docs).
const std::vector<std::string_view>& generator_names();
// Whether `g` draws text (string, list) rather than integers.
bool is_text_generator(Generator g);

// One generated value: a column of a loaded row, or a statement's parameter.
struct ValueSpec {
  Generator generator = Generator::uniform;
  std::int64_t min = 1, max = 1;    // integer generators: the inclusive range
  int length = 10;                  // string: characters per value
  std::vector<std::string> values;  // list: the values
};

struct CustomColumn {
  std::string name;
  ValueSpec value;
};

// Where a table's rows come from: generated per column, a CSV file (its first line names the
// columns; loaded with LOAD DATA LOCAL), or a file of SQL statements (INSERTs) run in order.
enum class TableData { generated, csv, sql };

struct CustomTable {
  std::string name;
  std::string create;  // the CREATE TABLE statement, as written
  std::int64_t rows = 0;  // generated: rows made; csv: its records; sql: 0 (not known)
  std::vector<CustomColumn> columns;  // generated: filled in this order; none: the table stays empty
  int line = 0;                       // of the table's entry in the workload file
  TableData data = TableData::generated;
  std::filesystem::path data_file;  // csv, sql: absolute
  std::string data_key;             // csv, sql: what the file holds (util/content_key.h)
};

struct CustomStatement {
  std::string name;  // its statement class: per-statement timing, results and reports name it
  std::string sql;   // with `?` placeholders, one per parameter
  std::vector<ValueSpec> params;
  int line = 0;  // of the statement's sql in the workload file
};

struct CustomTransaction {
  std::string name;  // its kind of transaction: counted and timed by it
  int weight = 1;    // share of the transactions: weight / the sum of the weights
  bool in_transaction = true;  // BEGIN ... COMMIT around the statements
  std::vector<CustomStatement> statements;
};

struct CustomWorkload {
  std::string name;    // the cells' workload name: not a built-in workload's
  std::string source;  // the workload file, as the matrix or the command line named it
  std::string text;    // the file's content: part of an instance's identity (instance cache)
  std::vector<CustomTable> tables;  // created and filled in this order; may be empty
  std::vector<CustomTransaction> transactions;
  // A replayed query log (Workload::replay) rides the workload files' path through the plan
  // and the load: then set, and `tables` and `transactions` are empty.
  std::shared_ptr<const ReplayWorkload> replay;
};

}  // namespace versus::sysbench
