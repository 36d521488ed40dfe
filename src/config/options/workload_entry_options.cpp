// The keys of a map entry of the matrix's workloads[]: a workload file ({file: PATH}) or a
// query log replayed ({replay: LOG, ...}: docs/replay.md).
#include "config/options/option_table.h"
#include "sysbench/replay_workload.h"

namespace versus::config {

// clang-format off
std::vector<OptionSpec> workload_entry_options() {
  using L = Level;
  return {
  // key, level, name, kind, required, default_yaml, min, max, choices, default_note, help
  {Key::entry_file, L::workload_entry, "file", Kind::file, false, "", 0, 0, nullptr,
   "none; an entry has file or replay",
   "A workload file of your own SQL (docs/own-sql.md, docs/workload-file.md), relative to the "
   "matrix file's directory; alone in its entry."},
  {Key::entry_replay, L::workload_entry, "replay", Kind::file, false, "", 0, 0, nullptr,
   "none; an entry has file or replay",
   "A query log replayed as a workload (docs/replay.md): a MariaDB or MySQL slow log, general "
   "log, or a file of statements ended by ';', read as a stream, its format told from its "
   "first lines; relative to the matrix file's directory. Its connections are dealt "
   "round-robin onto the cell's threads, each replayed in captured order with its own "
   "database, SET and user variables, looping for the cell's duration; each statement is "
   "timed in its class (pt-query-digest's fingerprint). The cell's workload name is replay- "
   "and the log's name without its extension."},
  {Key::entry_replay_data, L::workload_entry, "replay_data", Kind::file, false, "", 0, 0,
   nullptr, "none: the log runs on what the instance has",
   "A dump (mysqldump's output, or any file of statements ended by ';') run into every "
   "instance before its snapshot, as a workload file's sql_file: the data the log's "
   "statements read; DELIMITER lines are understood, as the mysql client's (a dump's "
   "triggers and procedures load). Part of the instance's identity (instance_cache)."},
  {Key::entry_replay_writes, L::workload_entry, "replay_writes", Kind::boolean, false, "false",
   0, 0, nullptr, "",
   "Whether the log's write statements (INSERT, UPDATE, DELETE, DDL, ...) are replayed, on "
   "the cell's own copy of the data. Without it a log holding one is refused before any "
   "server starts, naming its file and line."},
  {Key::entry_replay_sample, L::workload_entry, "replay_sample", Kind::integer, false, "1", 1,
   1'000'000, nullptr, "every connection",
   "Keep 1 in N of the log's connections (in a file of statements, of its transactions), "
   "whole, chosen by a hash of each: the same log and N keep the same statements."},
  {Key::entry_replay_order, L::workload_entry, "replay_order", Kind::choice, false, "captured",
   0, 0, &sysbench::replay_order_names, "",
   "The order the timed load sends the log's statements in. captured: each session replays "
   "its captured connections' statements as the log has them, keeping what each sets (USE, "
   "SET, user variables, temporary tables, transactions). weighted: each transaction of the "
   "cell is one statement drawn at random, from the session's seeded generator, among the "
   "log's standalone statements, each equally likely (so each class by its share of the log); "
   "what builds or depends on a connection's state is left out of the draw (BEGIN/START "
   "TRANSACTION, COMMIT, ROLLBACK, SAVEPOINT, SET, USE, temporary tables, user variables, "
   "and every statement inside a captured transaction), and a log with none left is refused "
   "before any server starts. The results pass runs in captured order either way."},
  {Key::entry_replay_compare, L::workload_entry, "replay_compare", Kind::boolean, false, "true",
   0, 0, nullptr, "",
   "Whether a replay's first repeat of each cell runs the log once, unmeasured, before its "
   "timed load, recording per statement class the rows each execution returned (a count and a "
   "checksum), its warnings and its error, to compare releases (results.json's "
   "query_results; docs/replay.md). An error there is recorded, not a failure of the cell."},
  {Key::entry_replay_show_rows, L::workload_entry, "replay_show_rows", Kind::boolean, false,
   "false", 0, 0, nullptr, "",
   "Whether the first rows the comparison pass keeps per class hold the values themselves; by "
   "default each value is a short hash (the rows are production data): equal values show equal "
   "hashes."},
  };
}
// clang-format on

}  // namespace versus::config
