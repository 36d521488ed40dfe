#include "sysbench/placeholders.h"

#include <algorithm>

namespace versus::sysbench {

std::vector<std::size_t> placeholder_offsets(std::string_view sql) {
  std::vector<std::size_t> out;
  char quote_char = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote_char) {
      if (c == '\\' && quote_char != '`') ++i;
      else if (c == quote_char) quote_char = 0;
    } else if (c == '\'' || c == '"' || c == '`') {
      quote_char = c;
    } else if (c == '#' || (c == '-' && sql.substr(i, 3) == "-- ")) {
      i = std::min(sql.find('\n', i), sql.size());
    } else if (c == '/' && sql.substr(i, 2) == "/*") {
      i = std::min(sql.find("*/", i + 2), sql.size()) + 1;
    } else if (c == '?') {
      out.push_back(i);
    }
  }
  return out;
}

std::string with_literals(std::string_view sql, const std::vector<std::string>& literals) {
  std::string out;
  std::size_t from = 0, next = 0;
  for (std::size_t at : placeholder_offsets(sql)) {
    if (next == literals.size()) break;
    out.append(sql.substr(from, at - from)).append(literals[next++]);
    from = at + 1;
  }
  return out.append(sql.substr(from));
}

}  // namespace versus::sysbench
