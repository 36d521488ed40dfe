#pragma once
// A file of SQL statements (a data file of INSERTs, mysqldump's output) split into statements
// the client sends one by one. A statement ends at a ';' outside quotes ('...', "...",
// `...`, a backslash escaping the next character in the first two) and outside comments
// (-- and # to the end of the line, /* ... */). Comments stay in the statement's text:
// mysqldump's /*!40101 SET ... */ lines are statements the server runs (a /*! comment counts
// as code). A statement of only whitespace and comments is dropped. The mysql client's DELIMITER
// command is not understood.
#include <string>
#include <string_view>
#include <vector>

namespace versus {

struct SqlStatement {
  std::string text;  // without its terminating ';'
  int line = 0;      // 1-based line of its first character that is not blank or a comment
};

// Splits `script`; a last statement without a ';' counts. `unterminated` is set when the
// script ends inside a quote or a /* comment (the last statement then holds the rest).
std::vector<SqlStatement> split_sql_script(std::string_view script, bool* unterminated = nullptr);

// Whether `script` ends with a statement's terminating ';' (outside quotes and comments),
// followed by whitespace only: where a reader of a script line by line may split it.
bool ends_statement(std::string_view script);

}  // namespace versus
