#pragma once
// What a replay asks of one logged statement's text without a server: whether it only reads
// (a read-only replay refuses the others), and the database a USE names.
#include <string>
#include <string_view>

namespace versus::load::replay {

// The statement's first word, upper-cased, after leading blanks, comments (not /*! ones) and
// opening parentheses; "" when it has none.
std::string first_word(std::string_view statement);

// Whether the statement changes no table's rows nor the schema: SELECT (not ... INTO OUTFILE
// or DUMPFILE), WITH, TABLE, VALUES, SHOW, EXPLAIN, DESCRIBE/DESC, USE, SET, DO, HELP, BEGIN,
// START TRANSACTION, COMMIT, ROLLBACK, SAVEPOINT, RELEASE, and CREATE/DROP TEMPORARY TABLE
// (a session's own). Anything else (INSERT, UPDATE, DELETE, REPLACE, LOAD, DDL, CALL, ...)
// is a write: a procedure may write, an unknown word is not trusted.
bool reads_only(std::string_view statement);

// The database `USE db` / "use `db`" names (backquotes removed); "" for another statement.
std::string use_database(std::string_view statement);

// What a read-only replay accepts, for its error message.
inline constexpr std::string_view kReadOnlyWords =
    "SELECT, WITH, SHOW, EXPLAIN, DESCRIBE, USE, SET, DO, BEGIN/START TRANSACTION, COMMIT, "
    "ROLLBACK, SAVEPOINT or CREATE/DROP TEMPORARY TABLE";

}  // namespace versus::load::replay
