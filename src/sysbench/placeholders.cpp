#include "sysbench/placeholders.h"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace versus::sysbench {
namespace {

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

bool is_name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

std::size_t word_length(std::string_view sql, std::size_t from) {
  std::size_t n = from;
  while (n < sql.size() && is_word_char(sql[n])) ++n;
  return n - from;
}

bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::toupper(static_cast<unsigned char>(x)) == y;
         });
}

// Calls visit(i) at each offset of `sql` outside quotes, escapes and comments; visit returns
// how many characters it took (at least 1), so a visitor may read a whole word or a quoted
// identifier itself.
template <class Visit>
void for_code(std::string_view sql, Visit visit) {
  char quote_char = 0;
  for (std::size_t i = 0; i < sql.size();) {
    const char c = sql[i];
    if (quote_char) {
      if (c == '\\' && quote_char != '`') ++i;
      else if (c == quote_char) quote_char = 0;
      ++i;
    } else if (c == '\'' || c == '"' || c == '`') {
      quote_char = c;
      ++i;
    } else if (c == '#' || (c == '-' && sql.substr(i, 3) == "-- ")) {
      i = std::min(sql.find('\n', i), sql.size());
    } else if (c == '/' && sql.substr(i, 2) == "/*") {
      i = std::min(sql.find("*/", i + 2), sql.size()) + 2;
    } else {
      i += visit(i);
    }
  }
}

// An identifier at `at` (after spaces): `quoted` or bare; its text and where it ends.
std::pair<std::string, std::size_t> identifier_at(std::string_view sql, std::size_t at) {
  while (at < sql.size() && std::isspace(static_cast<unsigned char>(sql[at]))) ++at;
  if (at < sql.size() && sql[at] == '`') {
    std::string name;
    std::size_t i = at + 1;
    for (; i < sql.size(); ++i) {
      if (sql[i] != '`') name += sql[i];
      else if (i + 1 < sql.size() && sql[i + 1] == '`') name += sql[i++];
      else break;
    }
    return {name, std::min(i + 1, sql.size())};
  }
  const std::size_t n = word_length(sql, at);
  return {std::string(sql.substr(at, n)), at + n};
}

}  // namespace

std::vector<Placeholder> placeholders(std::string_view sql) {
  std::vector<Placeholder> out;
  // What came last: LIMIT or OFFSET, a LIMIT count placeholder, a comma right after one.
  enum class Last { other, limit_word, limit_mark, limit_comma } last = Last::other;
  for_code(sql, [&](std::size_t i) -> std::size_t {
    const char c = sql[i];
    if (std::isspace(static_cast<unsigned char>(c))) return 1;
    const bool named = c == ':' && i + 1 < sql.size() && is_name_start(sql[i + 1]);
    if (c == '?' || named) {
      Placeholder p;
      p.offset = i;
      if (named) {
        p.name = sql.substr(i + 1, word_length(sql, i + 1));
        p.length = 1 + p.name.size();
      }
      p.in_limit = last == Last::limit_word || last == Last::limit_comma;
      last = p.in_limit ? Last::limit_mark : Last::other;
      out.push_back(p);
      return p.length;
    }
    if (is_word_char(c)) {
      const std::string_view word = sql.substr(i, word_length(sql, i));
      last = same_word(word, "LIMIT") || same_word(word, "OFFSET") ? Last::limit_word : Last::other;
      return word.size();
    }
    last = c == ',' && last == Last::limit_mark ? Last::limit_comma : Last::other;
    return 1;
  });
  return out;
}

std::vector<std::size_t> placeholder_offsets(std::string_view sql) {
  std::vector<std::size_t> out;
  for (const Placeholder& p : placeholders(sql))
    if (p.name.empty()) out.push_back(p.offset);
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

std::string with_question_marks(std::string_view sql) {
  std::string out;
  std::size_t from = 0;
  for (const Placeholder& p : placeholders(sql)) {
    out.append(sql.substr(from, p.offset - from)).append("?");
    from = p.offset + p.length;
  }
  return out.append(sql.substr(from));
}

std::vector<std::string> referenced_tables(std::string_view create) {
  std::vector<std::string> out;
  for_code(create, [&](std::size_t i) -> std::size_t {
    if (!is_word_char(create[i])) return 1;
    const std::size_t n = word_length(create, i);
    if (!same_word(create.substr(i, n), "REFERENCES")) return n;
    auto [name, end] = identifier_at(create, i + n);
    if (end < create.size() && create[end] == '.') std::tie(name, end) = identifier_at(create, end + 1);
    if (!name.empty() && std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    return end - i;
  });
  return out;
}

}  // namespace versus::sysbench
