// The workload file's keys (docs/workload-file.md, generated from these rows): the same
// machinery as the matrix's, at the levels Level::workload_*.
#include "config/options/option_table.h"
#include "sysbench/custom_workload.h"

namespace versus::config {

namespace {
constexpr std::int64_t kMaxRows = 1'000'000'000;
constexpr std::int64_t kMaxValue = 2'147'483'647;  // generators draw 32-bit ranges
constexpr std::int64_t kMaxWeight = 1'000'000;
constexpr std::int64_t kMaxLength = 128;  // Statement::kMaxText: a text parameter's buffer
}  // namespace

// clang-format off
std::vector<OptionSpec> workload_file_options() {
  using L = Level;
  return {
  // key, level, name, kind, required, default_yaml, min, max, choices, default_note, help[, entries]
  {Key::file_name, L::workload_file, "name", Kind::name, false, "", 0, 0, nullptr,
   "the file's name without its extension",
   "The workload's name in the matrix's cells, results and reports; not a built-in "
   "workload's name."},
  {Key::file_tables, L::workload_file, "tables", Kind::entry_list, false, "[]", 0, 0, nullptr, "",
   "The tables the workload creates and fills, in this order, once per instance (dropped "
   "first when they exist). Without tables, the statements run on what the instance has (the "
   "sysbench tables sbtest1..N of the matrix's other workloads).", L::workload_table},
  {Key::file_transactions, L::workload_file, "transactions", Kind::entry_list, true, "", 0, 0,
   nullptr, "", "The kinds of transaction a client runs, each drawn by its weight.",
   L::workload_transaction},
  {Key::table_name, L::workload_table, "name", Kind::name, true, "", 0, 0, nullptr, "",
   "The table's name, as its CREATE statement names it; generators name it with table:."},
  {Key::table_create, L::workload_table, "create", Kind::text, true, "", 0, 0, nullptr, "",
   "The CREATE TABLE statement, as the server takes it (the instance's engine is not "
   "applied: name one with ENGINE= if it matters)."},
  {Key::table_rows, L::workload_table, "rows", Kind::integer, false, "0", 0, kMaxRows, nullptr, "",
   "Rows generated into the table, one LOAD DATA LOCAL (or multi-row INSERTs where the server "
   "refuses LOCAL), each column from its generator."},
  {Key::table_columns, L::workload_table, "columns", Kind::entry_list, false, "[]", 0, 0, nullptr,
   "", "The columns the loader fills, each a generator with a column: name; columns not "
   "listed take their defaults. Needed when rows is above 0.", L::workload_generator},
  {Key::table_csv, L::workload_table, "csv", Kind::file, false, "", 0, 0, nullptr, "none",
   "A CSV file of the table's rows (relative to the workload file), instead of rows and "
   "columns: its first line names the columns, each further line is a row; fields separated by "
   "commas, in double quotes when they hold a comma, a quote (doubled) or a line break; an "
   "unquoted empty field or \\N is NULL. Checked when the file is read (the same number of "
   "fields on every line); loaded with one LOAD DATA LOCAL (or multi-row INSERTs where the "
   "server refuses LOCAL); its record count is the table's rows for generators' table:."},
  {Key::table_sql_file, L::workload_table, "sql_file", Kind::file, false, "", 0, 0, nullptr,
   "none",
   "A file of SQL statements that fill the table (relative to the workload file), instead of "
   "rows and columns: run in order after the CREATE, each ending with ';' or the delimiter a "
   "DELIMITER line sets, as the mysql client reads them (a mysqldump --no-create-info of the "
   "table is one, its triggers' DELIMITER ;; too). Generators naming the "
   "table with table: need max:, as its row count is not known before it runs."},
  {Key::generator_column, L::workload_generator, "column", Kind::name, false, "", 0, 0, nullptr,
   "required in columns[], not allowed in params[]", "The column this generator fills."},
  {Key::generator_name, L::workload_generator, "name", Kind::name, false, "", 0, 0, nullptr,
   "required in transactions[].params[], not allowed elsewhere",
   "The name of a value of the transaction, drawn once per transaction: its statements use it "
   "as :name, every use the same value (a letter or _, then letters, digits and _)."},
  {Key::generator_kind, L::workload_generator, "generator", Kind::choice, true, "", 0, 0,
   &sysbench::generator_names, "",
   "How values are drawn: sequence (in columns 1, 2, 3, ...; as a parameter new ids, from min "
   "or after the rows of table:, none drawn twice by the process's sessions), uniform, "
   "gaussian, special, "
   "pareto, zipfian (integers in [min, max] by sysbench's distribution of that name; special, "
   "pareto and zipfian take the matrix's rand_spec_*, rand_pareto_h and rand_zipfian_exp), "
   "string (length random letters "
   "and digits), list (one of values, uniformly)."},
  {Key::generator_min, L::workload_generator, "min", Kind::integer, false, "", -kMaxValue,
   kMaxValue, nullptr, "1; a sequence parameter: the rows of table: + 1",
   "Integer generators: the least value (a sequence parameter: its first id)."},
  {Key::generator_max, L::workload_generator, "max", Kind::integer, false, "", -kMaxValue,
   kMaxValue, nullptr, "the rows of table:; one of max and table: is required",
   "Integer generators but sequence: the greatest value."},
  {Key::generator_table, L::workload_generator, "table", Kind::name, false, "", 0, 0, nullptr,
   "none", "Integer generators: draw an id of this table of the file, 1..its rows (a key a "
   "sequence column filled); a sequence parameter: new ids after them."},
  {Key::generator_length, L::workload_generator, "length", Kind::integer, false, "", 1, kMaxLength,
   nullptr, "10", "string: characters per value."},
  {Key::generator_values, L::workload_generator, "values", Kind::text_list, false, "", 0, 0,
   nullptr, "required with list", "list: the values, one drawn uniformly."},
  {Key::transaction_name, L::workload_transaction, "name", Kind::name, true, "", 0, 0, nullptr, "",
   "The transaction's name: its kind in the results (count, latency)."},
  {Key::transaction_weight, L::workload_transaction, "weight", Kind::integer, false, "1", 1,
   kMaxWeight, nullptr, "", "Its share of the transactions: weight over the sum of weights."},
  {Key::transaction_in_transaction, L::workload_transaction, "transaction", Kind::boolean, false,
   "true", 0, 0, nullptr, "", "Whether its statements run between BEGIN and COMMIT (false: "
   "each autocommits)."},
  {Key::transaction_params, L::workload_transaction, "params", Kind::entry_list, false, "[]", 0,
   0, nullptr, "",
   "Values drawn once per transaction, each a generator with a name:; its statements use one "
   "as :name, every use the same value (a row read, then updated).", L::workload_generator},
  {Key::transaction_statements, L::workload_transaction, "statements", Kind::entry_list, true, "",
   0, 0, nullptr, "", "Its statements, run in this order.", L::workload_statement},
  {Key::statement_name, L::workload_statement, "name", Kind::name, true, "", 0, 0, nullptr, "",
   "The statement's name, unique in the file: per-statement latency, results.json statements "
   "and the reports' why lines name it."},
  {Key::statement_sql, L::workload_statement, "sql", Kind::text, true, "", 0, 0, nullptr, "",
   "One SQL statement with a ? per parameter of its params and a :name per value of its "
   "transaction (its params:, an earlier statement's into:), prepared on the server; one "
   "without either that the release cannot prepare is sent as text."},
  {Key::statement_params, L::workload_statement, "params", Kind::entry_list, false, "[]", 0, 0,
   nullptr, "", "One generator per ?, in order; each execution draws new values. At most 10 "
   "placeholders per statement, ? and :name together.", L::workload_generator},
  {Key::statement_into, L::workload_statement, "into", Kind::text_list, false, "", 0, 0,
   nullptr, "none",
   "Names for the columns of the first row the statement returns, in column order (at most "
   "6, each a letter or _, then letters, digits and _): later statements of the transaction "
   "use them as :name. An integer column is sent on as an integer, any other as text; no row "
   "or a NULL gives 0 or empty text."},
  };
}
// clang-format on

}  // namespace versus::config
