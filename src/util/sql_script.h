#pragma once
// A file of SQL statements (a data file of INSERTs, mysqldump's output) split into statements
// the client sends one by one. A statement ends at the delimiter, ';' until a DELIMITER line
// changes it, outside quotes ('...', "...", `...`, a backslash escaping the next character in
// the first two) and outside comments (-- and # to the end of the line, /* ... */). Comments
// stay in the statement's text: mysqldump's /*!40101 SET ... */ lines are statements the
// server runs (a /*! comment counts as code). A statement of only whitespace and comments is
// dropped.
//
// The mysql client's DELIMITER command, as mysqldump writes it around triggers, procedures,
// functions and events (`DELIMITER ;;` ... `END ;;` ... `DELIMITER ;`): a line that starts
// (after spaces or tabs) with the word DELIMITER in any case, then spaces or tabs and the new
// delimiter (its first word: the rest of the line is ignored), outside quotes and comments. The
// line is not sent; it ends a statement in progress (the text before it). A ';' inside a body
// then stays in its statement.
#include <string>
#include <string_view>
#include <vector>

namespace versus {

struct SqlStatement {
  std::string text;  // without its terminating delimiter
  int line = 0;      // 1-based line of its first character that is not blank or a comment
};

// Splits `script`; a last statement without a delimiter counts. `unterminated` is set when the
// script ends inside a quote or a /* comment (the last statement then holds the rest).
std::vector<SqlStatement> split_sql_script(std::string_view script, bool* unterminated = nullptr);

// Whether `script` ends with a statement's terminating delimiter (outside quotes and
// comments), followed by whitespace only: where a reader of a script line by line may split
// it.
bool ends_statement(std::string_view script);

}  // namespace versus
