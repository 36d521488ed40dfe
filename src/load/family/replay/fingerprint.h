#pragma once
// A statement's fingerprint: the statement with its literals, comments, case and spacing taken
// out, so the statements one piece of application code sends with different values fall into
// one class. The rules are pt-query-digest 3.2.1's (QueryRewriter::fingerprint with its
// defaults: numbers embedded in names are abstracted too, "t1" becomes "t?"), step by step in
// its order, so the classes are pt-query-digest's:
//   - a mysqldump SELECT is "mysqldump", a Percona Toolkit query (its /*db.tbl:N/M*/ marker)
//     "percona-toolkit", "administrator command: ..." stays as it is, CALL p(...) is "call p";
//   - a multi-row INSERT/REPLACE ... VALUES is cut after its first row;
//   - /* */ comments (but not /*! */ ones) and -- and # comments are removed;
//   - "use db" alone is "use ?";
//   - quoted strings, TRUE/FALSE, numbers (and any word character run after a digit, + or -:
//     "t1" -> "t?", "0xFF" -> "?ff") and NULL become ?;
//   - leading whitespace goes, runs of whitespace become one space, letters are lowercased;
//   - IN (...) and VALUES (...) lists of placeholders collapse to in(?+) and values(?+);
//   - "select X union [all] select X ..." becomes "select X /*repeat union [all]*/";
//   - the first LIMIT ?, ? / LIMIT ? OFFSET ? becomes limit ?, and ASC after ORDER BY goes.
// docs/replay.md lists the consequences. Pure; bytes outside ASCII are kept as they are.
#include <string>
#include <string_view>

namespace versus::load::replay {

std::string fingerprint(std::string_view statement);

// A class's stable name: pt-query-digest 3.2.1's checksum of the fingerprint, the MD5 of its
// bytes as 32 upper-case hex digits.
std::string class_id(std::string_view fingerprint);

}  // namespace versus::load::replay
