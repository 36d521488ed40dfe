#include "load/step/query_kind.h"

#include <cctype>

namespace versus::load {
namespace {

// Offset of the first word: past blanks, '(' and comments (#..., "-- "..., /* ... */).
std::size_t first_word(std::string_view sql) {
  std::size_t i = 0;
  while (i < sql.size()) {
    const char c = sql[i];
    if (std::isspace(static_cast<unsigned char>(c)) || c == '(') {
      ++i;
    } else if (c == '#' || sql.substr(i, 3) == "-- ") {
      const auto end = sql.find('\n', i);
      i = end == std::string_view::npos ? sql.size() : end + 1;
    } else if (sql.substr(i, 2) == "/*") {
      const auto end = sql.find("*/", i + 2);
      i = end == std::string_view::npos ? sql.size() : end + 2;
    } else {
      break;
    }
  }
  return i;
}

bool starts_with_word(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(text[i])) != word[i]) return false;
  return text.size() == word.size() || !std::isalnum(static_cast<unsigned char>(text[word.size()]));
}

}  // namespace

QueryKind query_kind_of(std::string_view sql) {
  const std::string_view word = sql.substr(first_word(sql));
  for (std::string_view w : {"SELECT", "WITH"})
    if (starts_with_word(word, w)) return QueryKind::read;
  for (std::string_view w : {"INSERT", "UPDATE", "DELETE", "REPLACE"})
    if (starts_with_word(word, w)) return QueryKind::write;
  return QueryKind::other;
}

}  // namespace versus::load
