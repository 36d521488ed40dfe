#pragma once
// The checks of a workload file that span its entries: a transaction's named values (`:name`
// in its statements' SQL, from its params: or an earlier statement's into:) resolved into each
// statement's slots, with its LIMIT counts and its parameter limits; and its tables ordered
// so each is created after the tables its foreign keys reference. Problems are reported as
// workload_file.h says (file, line, key path, what was expected).
#include <string>
#include <vector>

#include "config/reading/problems.h"
#include "sysbench/custom_workload.h"

namespace versus::config {

// Where an entry sits in the file, for messages: its key path and line.
struct EntryPlace {
  std::string path;
  int line = 0;
};

// Where a statement of a transaction sits, and the names its into: gives (not yet values).
struct StatementPlace {
  EntryPlace at;       // the statement's entry
  int sql_line = 0;    // its sql's line
  int into_line = 0;   // its into's line (0: none)
  std::vector<std::string> into;
};

// Resolves every placeholder of `t`'s statements (their sql as written, `?` and `:name`):
// fills each statement's slots and into, rewrites its sql for the server (`?` only) and adds
// the into names to t.values (which holds the transaction's params, placed at `params`).
// Checks names (a letter or _, then letters, digits and _; unique in the transaction; each
// defined before its use and used), LIMIT counts (non-negative integers) and at most
// Statement::kMaxParams placeholders and kMaxResults into names per statement.
bool resolve_named_values(sysbench::CustomTransaction& t, const std::vector<EntryPlace>& params,
                          const std::vector<StatementPlace>& statements, Problems& problems);

// Orders `tables` (read in file order, at `places`) so each comes after the tables of the
// file its CREATE's REFERENCES name, file order otherwise, and fills their references; a
// cycle is reported.
bool order_by_references(std::vector<sysbench::CustomTable>& tables,
                         const std::vector<EntryPlace>& places, Problems& problems);

}  // namespace versus::config
