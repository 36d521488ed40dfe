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

// One generated value: a column of a loaded row, or a statement's parameter. A sequence
// parameter draws new ids: min, min + 1, ... over every session of the process, never one
// twice (min: the rows of its table + 1, a key after the loaded ones).
struct ValueSpec {
  Generator generator = Generator::uniform;
  std::int64_t min = 1, max = 1;    // integer generators: the inclusive range
  int length = 10;                  // string: characters per value
  std::vector<std::string> values;  // list: the values
  std::string table{};  // the file's table its ids are of (table:), or empty
};

// Where one placeholder of a statement takes its value: the statement's own params[index]
// (a `?`, drawn per execution), or its transaction's values[index] (a `:name`).
struct ValueSlot {
  bool named = false;
  std::size_t index = 0;
};

// A named value of a transaction, `:name` in its statements: drawn once per transaction by
// its generator (transactions[].params), or read from the first row of an earlier statement
// (that statement's into:; no row, or NULL: 0 or empty text).
struct NamedValue {
  std::string name;
  ValueSpec value{};          // drawn: its generator
  int statement = -1;         // read: the statement's index in its transaction; -1: drawn
  std::size_t column = 0;     // read: the column of that row, 0-based
};

struct CustomColumn {
  std::string name;
  ValueSpec value;
};

// Where a table's rows come from: generated per column, a CSV file (its first line names the
// columns; loaded with LOAD DATA LOCAL), or a file of SQL statements (INSERTs) run in order.
enum class TableData { generated, csv, sql };

struct CustomTable {
  std::string name;  // tables are created in the order given: a table after those it references
  std::string create;  // the CREATE TABLE statement, as written
  std::int64_t rows = 0;  // generated: rows made; csv: its records; sql: 0 (not known)
  std::vector<CustomColumn> columns;  // generated: filled in this order; none: the table stays empty
  int line = 0;                       // of the table's entry in the workload file
  TableData data = TableData::generated;
  std::filesystem::path data_file;  // csv, sql: absolute
  std::string data_key;             // csv, sql: what the file holds (util/content_key.h)
  std::vector<std::string> references{};  // the file's tables its foreign keys reference
};

struct CustomStatement {
  std::string name;  // its statement class: per-statement timing, results and reports name it
  std::string sql;   // as the server prepares it: a `?` per slot (the file's `:name`s too)
  std::vector<ValueSpec> params;  // one per `?` of the file's SQL, in order
  int line = 0;  // of the statement's sql in the workload file
  // Per `?` of sql, in order: where its value comes from; empty: params, in order.
  std::vector<ValueSlot> slots{};
  // The transaction's values (indexes into CustomTransaction::values) its first result row
  // fills, column by column (into:).
  std::vector<std::size_t> into{};
};

struct CustomTransaction {
  std::string name;  // its kind of transaction: counted and timed by it
  int weight = 1;    // share of the transactions: weight / the sum of the weights
  bool in_transaction = true;  // BEGIN ... COMMIT around the statements
  std::vector<CustomStatement> statements;
  std::vector<NamedValue> values{};  // its params, then its statements' into names, in order
};

struct CustomWorkload {
  std::string name;    // the cells' workload name: not a built-in workload's
  std::string source;  // the workload file, as the matrix or the command line named it
  std::string text;    // the file's content: part of an instance's identity (instance cache)
  std::vector<CustomTable> tables;  // created and filled in this order (dropped in reverse)
  std::vector<CustomTransaction> transactions;
  // A replayed query log (Workload::replay) rides the workload files' path through the plan
  // and the load: then set, and `tables` and `transactions` are empty.
  std::shared_ptr<const ReplayWorkload> replay;
};

}  // namespace versus::sysbench
