#include "config/options/workload_doc.h"

#include <string_view>

#include "config/options/config_doc.h"
#include "config/options/option_table.h"

namespace versus::config {
namespace {

constexpr std::string_view kWorkloadIntro = R"(# Workload file reference

<!-- Generated from src/config/options/workload_options.cpp by
     `versus docs workload > docs/workload-file.md`.
     Do not edit by hand: change the table and regenerate. -->

A workload file describes a workload of your own SQL: the tables it creates and fills, and
the transactions clients run, each a weighted list of named statements whose `?` parameters
are drawn by generators. A matrix names it among its workloads
(`workloads: [oltp_read_write, {file: shop.yaml}]`, the path relative to the matrix file),
and `versus bench run --workload-file FILE` runs it against a running server. How to write
one, and how to start from a slow log's top queries: docs/own-sql.md. Only `transactions`
is required.

```yaml
tables:
  - name: customers
    rows: 1000
    create: CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(30), country CHAR(2))
    columns:
      - { column: id, generator: sequence }
      - { column: name, generator: string, length: 20 }
      - { column: country, generator: list, values: [DE, FR, US] }
transactions:
  - name: lookup
    weight: 3
    transaction: false
    statements:
      - name: customer_by_id
        sql: SELECT name, country FROM customers WHERE id = ?
        params: [{ generator: uniform, table: customers }]
```
)";

constexpr std::string_view kRules = R"(
## How it runs

Each instance creates the file's tables (after dropping them), in file order, then fills
each with `rows` generated rows (one `LOAD DATA LOCAL INFILE` per table, multi-row INSERTs
where the server refuses LOCAL), analyzes them with the matrix's tables and keeps them in
its snapshot: every cell starts from the same data. A session prepares every statement once
(server-side prepared statements, as the built-in workloads); a statement the release
cannot prepare fails the cell with the file, the statement's line and the server's message.
Each transaction is drawn by weight; its statements run in order, between BEGIN and COMMIT
unless `transaction: false`. Each statement's name is its statement class: per-statement
latency, `statements` in results.json and the reports' why lines name it. Each
transaction's name is its kind (count and latency per kind). Deadlocks and lock wait
timeouts retry the transaction as for the built-in workloads (`ignore_errors`).

Names (tables, transactions, statements) are unique within the file. A generator's `table:` names a table of the file; its
ids are 1..rows (what a `sequence` column holds).

## Errors

Every problem in the file is reported, one per line, with the file, the line and the key:

```text
shop.yaml:14: tables[1].columns[2].generator: expected one of sequence, uniform, gaussian, special, pareto, zipfian, string, list, got 'unifrom' (did you mean 'uniform'?)
shop.yaml:31: transactions[0].statements[1].params[0].table: the file creates no table 'custmers' (did you mean 'customers'?)
shop.yaml:30: transactions[0].statements[1].sql: 2 ? placeholders but 1 params
shop.yaml:40: transactions[2].statements[0].params[0].length: does not apply to generator 'uniform'
```
)";

constexpr Level kWorkloadLevels[] = {Level::workload_file, Level::workload_table,
                             Level::workload_generator, Level::workload_transaction,
                             Level::workload_statement};

}  // namespace

std::string render_workload_doc() {
  std::string out(kWorkloadIntro);
  for (Level level : kWorkloadLevels) out += option_level_table(level);
  out += kRules;
  return out;
}

}  // namespace versus::config
