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

// Whether a weighted replay may send the statement alone, on a session in whatever state the
// draws before it left: not one that builds or reads a connection's state, which is BEGIN,
// START TRANSACTION, COMMIT, ROLLBACK, SAVEPOINT, RELEASE SAVEPOINT, XA, SET, USE, LOCK/UNLOCK
// TABLES, PREPARE/EXECUTE/DEALLOCATE, HANDLER, CREATE/DROP TEMPORARY TABLE, and any statement
// using a user variable. (A statement naming a temporary table is another: draw_list.h.)
bool stateless(std::string_view statement);

// Whether the statement uses a user variable: an '@' not part of "@@", outside quotes ('', "",
// ``) and comments (not /*! ones, which the server runs).
bool uses_user_variable(std::string_view statement);

// The table a CREATE TEMPORARY TABLE [IF NOT EXISTS] creates, without backquotes nor its
// database, lower-cased; "" for another statement.
std::string temporary_table(std::string_view statement);

// Whether the statement holds `name` (lower case) as a whole identifier, case-insensitive,
// anywhere in its text (quotes and comments too: a conservative test).
bool mentions(std::string_view statement, std::string_view name);

// What a read-only replay accepts, for its error message.
inline constexpr std::string_view kReadOnlyWords =
    "SELECT, WITH, SHOW, EXPLAIN, DESCRIBE, USE, SET, DO, BEGIN/START TRANSACTION, COMMIT, "
    "ROLLBACK, SAVEPOINT or CREATE/DROP TEMPORARY TABLE";

}  // namespace versus::load::replay
