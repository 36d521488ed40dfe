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

Each instance creates the file's tables (after dropping them, in reverse), in file order
except that a table comes after the file's tables its CREATE's `REFERENCES` name (foreign
keys; a cycle is an error), then fills each with `rows` generated rows (one `LOAD DATA LOCAL INFILE` per table, multi-row INSERTs
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

## Transactions that read what they write

A transaction's `params:` are drawn once per transaction, each with a `name:`; its
statements use one as `:name`, as often as they like, every use the same value. A
statement's `into:` names the columns of the first row it returns; the statements after it
use them as `:name` too. So a transaction reads a row and updates that same row, with what
it read:

```yaml
tables:
  - name: tickets
    rows: 1000
    create: CREATE TABLE tickets (id INT PRIMARY KEY, owner INT, updates INT)
    columns:
      - { column: id, generator: sequence }
      - { column: owner, generator: uniform, min: 1, max: 50 }
      - { column: updates, generator: uniform, min: 0, max: 0 }
  - name: events          # created after tickets, which it references; dropped before it
    create: CREATE TABLE events (id INT PRIMARY KEY, ticket_id INT, owner INT,
      FOREIGN KEY (ticket_id) REFERENCES tickets (id))
transactions:
  - name: reassign
    params:
      - { name: ticket, generator: uniform, table: tickets }
    statements:
      - name: ticket_for_update
        sql: SELECT owner, updates FROM tickets WHERE id = :ticket FOR UPDATE
        into: [owner, updates]
      - name: bump_ticket
        sql: UPDATE tickets SET owner = ?, updates = :updates + 1 WHERE id = :ticket
        params: [{ generator: uniform, min: 1, max: 50 }]
      - name: log_event
        sql: INSERT INTO events (id, ticket_id, owner) VALUES (?, :ticket, :owner)
        params: [{ generator: sequence, table: events }]
      - name: recent_events
        sql: SELECT id FROM events WHERE ticket_id = :ticket ORDER BY id DESC LIMIT ?
        params: [{ generator: uniform, min: 1, max: 10 }]
```

- **Named values**: a letter or `_`, then letters, digits and `_`, unique in the transaction,
  each used by some statement (a value read but never used is an error: a misspelt name).
  A statement sees its transaction's params and the `into:` names of the statements before
  it. A retried transaction (a deadlock, a lock wait timeout) draws its params anew.
- **Values read back** (`into:`): the first row's columns in order (at most 6 a statement);
  an integer column is sent on as an integer, any other as text (as the server reads it
  back). No row, or NULL, gives 0 or empty text: the statements after it still run. The rows
  a `SELECT ... FOR UPDATE` (or `LOCK IN SHARE MODE`) read stay locked until COMMIT, so in a
  transaction (`transaction: true`, the default) no other client changes them between the
  read and the write.
- **New ids** for inserted rows: `generator: sequence` as a parameter draws the next of a
  counter shared by every client of the run: from `min`, or after the rows of `table:` (its
  `rows`, its CSV's records; a `sql_file` table needs `min`). No id is drawn twice in one run
  (one versus process): not across clients, cells, warmups or rounds (a cell that starts from
  its snapshot again sees gaps, never a duplicate). A second `versus bench run` against
  tables a first one wrote to starts from there again: `versus bench prepare` reloads them,
  or give `min` above what was written. (An AUTO\_INCREMENT key needs nothing: leave the
  column out, and `SELECT LAST_INSERT_ID()` with `into:` gives the new id.)
- **LIMIT and OFFSET** take a `?` or a `:name` like any other value; the server takes a
  non-negative integer only, so a text generator or a negative `min` there is an error.
- **Limits**: at most 10 placeholders a statement (`?` and `:name` together: a planned
  step's parameters), 6 `into:` names a statement, 250 statements a file (statement classes
  are one byte, BEGIN, COMMIT and ROLLBACK among them), 128 bytes a text value (longer ones
  are cut).

## Errors

Every problem in the file is reported, one per line, with the file, the line and the key:

```text
shop.yaml:14: tables[1].columns[2].generator: expected one of sequence, uniform, gaussian, special, pareto, zipfian, string, list, got 'unifrom' (did you mean 'uniform'?)
shop.yaml:31: transactions[0].statements[1].params[0].table: the file creates no table 'custmers' (did you mean 'customers'?)
shop.yaml:30: transactions[0].statements[1].sql: 2 ? placeholders but 1 params
shop.yaml:40: transactions[2].statements[0].params[0].length: does not apply to generator 'uniform'
shop.yaml:47: transactions[3].statements[1].sql: transaction 'reassign' has no value 'tickt': name it in the transaction's params: or an earlier statement's into: (did you mean 'ticket'?)
shop.yaml:52: transactions[3].statements[2].sql: :owner is read by the into: of statement 'who_owns' (line 55), which runs after this one
shop.yaml:58: transactions[3].statements[3].sql: a LIMIT count takes a non-negative integer, but generator 'string' draws text
shop.yaml:3: tables[0].create: the foreign keys of 'events', 'tickets' form a cycle: no order creates each table after the tables it references
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
