#pragma once
// Where a workload file's SQL has its parameter placeholders: `?`, and `:name` (a named value
// of its transaction), outside quotes ('...', "...", `...`), backslash escapes and comments
// (#, "-- ", /* */), as the server reads them; and which tables a CREATE TABLE's foreign keys
// reference. Pure.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace versus::sysbench {

// One placeholder: `?` (name empty) or `:name` (name: a letter or _, then letters, digits
// and _; `:=` is not one). in_limit: it is a LIMIT or OFFSET count (right after LIMIT or
// OFFSET, or after `LIMIT ?,`), which the server takes only as a non-negative integer.
struct Placeholder {
  std::size_t offset = 0;  // of its `?` or `:`
  std::size_t length = 1;  // 1 for `?`, 1 + the name's length for `:name`
  std::string_view name;   // a view into the scanned SQL
  bool in_limit = false;
};

// Every placeholder of `sql`, `?` and `:name` alike, in order.
std::vector<Placeholder> placeholders(std::string_view sql);

// The offsets of `sql`'s `?` placeholders, in order.
std::vector<std::size_t> placeholder_offsets(std::string_view sql);

// `sql` with its `?` placeholders replaced by `literals`, in order (inserted as given: quote
// text yourself); placeholders beyond the literals stay `?`.
std::string with_literals(std::string_view sql, const std::vector<std::string>& literals);

// `sql` with every `:name` placeholder replaced by `?` (what the server prepares).
std::string with_question_marks(std::string_view sql);

// The tables a CREATE TABLE's REFERENCES clauses name, in order, each once (of a qualified
// `db`.`t`, t; backquotes removed).
std::vector<std::string> referenced_tables(std::string_view create);

}  // namespace versus::sysbench
