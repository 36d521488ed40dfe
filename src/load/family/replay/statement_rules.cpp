#include "load/family/replay/statement_rules.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace versus::load::replay {
namespace {

// `s` from its first character that is not blank, a comment (-- , #, /* */ but not /*!) or
// '('.
std::string_view after_noise(std::string_view s) {
  for (;;) {
    const std::size_t at = s.find_first_not_of(" \t\r\n(");
    if (at == std::string_view::npos) return {};
    s.remove_prefix(at);
    if (s.starts_with("/*") && !s.starts_with("/*!")) {
      const std::size_t end = s.find("*/", 2);
      s.remove_prefix(end == std::string_view::npos ? s.size() : end + 2);
    } else if (s.starts_with("#") || s.starts_with("-- ") || s.starts_with("--\t")) {
      const std::size_t end = s.find('\n');
      s.remove_prefix(end == std::string_view::npos ? s.size() : end + 1);
    } else {
      return s;
    }
  }
}

std::string upper_word(std::string_view s) {
  std::string word;
  for (char c : s) {
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_') break;
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return word;
}

// The word after the first one.
std::string second_word(std::string_view statement) {
  std::string_view s = after_noise(statement);
  std::size_t at = 0;
  while (at < s.size() && (std::isalpha(static_cast<unsigned char>(s[at])) || s[at] == '_')) ++at;
  return upper_word(after_noise(s.substr(at)));
}

// Whether an upper-cased copy of `s` holds `word` as a whole word.
bool has_word(std::string_view s, std::string_view word) {
  std::string up(s);
  std::transform(up.begin(), up.end(), up.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  for (std::size_t at = up.find(word); at != std::string::npos; at = up.find(word, at + 1)) {
    const bool left = at == 0 || !std::isalnum(static_cast<unsigned char>(up[at - 1]));
    const std::size_t end = at + word.size();
    const bool right = end == up.size() || !std::isalnum(static_cast<unsigned char>(up[end]));
    if (left && right) return true;
  }
  return false;
}

// A character of an unquoted identifier.
bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// Where the quote opened at `at` closes (the index after it); a doubled quote or a backslash
// escape ('' and \' in a string) stays inside.
std::size_t after_quote(std::string_view s, std::size_t at) {
  const char q = s[at];
  for (std::size_t i = at + 1; i < s.size(); ++i) {
    if (s[i] == '\\' && q != '`') {
      ++i;
    } else if (s[i] == q) {
      if (i + 1 < s.size() && s[i + 1] == q) {
        ++i;
        continue;
      }
      return i + 1;
    }
  }
  return s.size();
}

// Where the comment opened at `at` ends, or `at` when none opens there (a /*! comment is SQL).
std::size_t after_comment(std::string_view s, std::size_t at) {
  const std::string_view rest = s.substr(at);
  if (rest.starts_with("/*") && !rest.starts_with("/*!")) {
    const std::size_t end = s.find("*/", at + 2);
    return end == std::string_view::npos ? s.size() : end + 2;
  }
  if (rest.starts_with("#") || rest.starts_with("-- ") || rest.starts_with("--\t")) {
    const std::size_t end = s.find('\n', at);
    return end == std::string_view::npos ? s.size() : end + 1;
  }
  return at;
}

// The first words that make a statement build or read a connection's state.
constexpr std::array<std::string_view, 15> kStateWords{
    "BEGIN", "START", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE",    "XA",     "SET",
    "USE",   "LOCK",  "UNLOCK", "PREPARE",  "EXECUTE",   "DEALLOCATE", "HANDLER"};

constexpr std::array<std::string_view, 17> kReadWords{
    "SELECT", "WITH", "TABLE", "VALUES", "SHOW",  "EXPLAIN", "DESCRIBE", "DESC",     "USE",
    "SET",    "DO",   "HELP",  "BEGIN",  "START", "COMMIT",  "ROLLBACK", "SAVEPOINT"};

}  // namespace

std::string first_word(std::string_view statement) {
  return upper_word(after_noise(statement));
}

bool reads_only(std::string_view statement) {
  const std::string word = first_word(statement);
  if (word == "CREATE" || word == "DROP") return second_word(statement) == "TEMPORARY";
  if (word == "RELEASE") return second_word(statement) == "SAVEPOINT";
  if (word == "SELECT" && (has_word(statement, "OUTFILE") || has_word(statement, "DUMPFILE")))
    return false;
  // WITH ... UPDATE/DELETE (MySQL 8.0's common table expressions before a write)
  if (word == "WITH" && (has_word(statement, "UPDATE") || has_word(statement, "DELETE")) &&
      !has_word(statement, "FOR"))
    return false;
  return std::find(kReadWords.begin(), kReadWords.end(), word) != kReadWords.end();
}

bool uses_user_variable(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '\'' || c == '"' || c == '`') {
      i = after_quote(s, i);
    } else if (const std::size_t end = after_comment(s, i); end != i) {
      i = end;
    } else if (c == '@') {
      if (i + 1 < s.size() && s[i + 1] == '@') {
        i += 2;  // a system variable: @@name, @@session.name
        while (i < s.size() && (identifier_char(s[i]) || s[i] == '.')) ++i;
      } else {
        return true;
      }
    } else {
      ++i;
    }
  }
  return false;
}

bool stateless(std::string_view statement) {
  const std::string word = first_word(statement);
  if (word.empty()) return false;
  if ((word == "CREATE" || word == "DROP") && second_word(statement) == "TEMPORARY") return false;
  if (std::find(kStateWords.begin(), kStateWords.end(), word) != kStateWords.end()) return false;
  return !uses_user_variable(statement);
}

std::string temporary_table(std::string_view statement) {
  if (first_word(statement) != "CREATE" || second_word(statement) != "TEMPORARY") return "";
  std::string_view s = after_noise(statement);
  // CREATE, TEMPORARY, TABLE, then IF NOT EXISTS when there.
  auto skip_word = [&s] {
    std::size_t at = 0;
    while (at < s.size() && identifier_char(s[at])) ++at;
    s = after_noise(s.substr(at));
  };
  for (int i = 0; i < 3; ++i) skip_word();
  if (upper_word(s) == "IF") {
    for (int i = 0; i < 3; ++i) skip_word();
  }
  std::string name;
  const auto add = [&name](char c) {
    name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '`') {
      const std::size_t end = std::min(s.find('`', i + 1), s.size());
      for (std::size_t j = i + 1; j < end; ++j) add(s[j]);
      i = end + 1;
    } else if (c == '.') {
      name.clear();  // db.name: the name
      ++i;
    } else if (identifier_char(c) || static_cast<unsigned char>(c) >= 0x80) {
      add(c);
      ++i;
    } else {
      break;
    }
  }
  return name;
}

bool mentions(std::string_view statement, std::string_view name) {
  if (name.empty()) return false;
  std::string low(statement);
  std::transform(low.begin(), low.end(), low.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (std::size_t at = low.find(name); at != std::string::npos; at = low.find(name, at + 1)) {
    const bool left = at == 0 || !identifier_char(low[at - 1]);
    const std::size_t end = at + name.size();
    const bool right = end == low.size() || !identifier_char(low[end]);
    if (left && right) return true;
  }
  return false;
}

std::string use_database(std::string_view statement) {
  std::string_view s = after_noise(statement);
  if (upper_word(s) != "USE" || s.size() < 4 || !std::isspace(static_cast<unsigned char>(s[3])))
    return "";
  s.remove_prefix(3);
  s.remove_prefix(std::min(s.find_first_not_of(" \t\r\n"), s.size()));
  while (!s.empty() && (s.back() == ';' || std::isspace(static_cast<unsigned char>(s.back()))))
    s.remove_suffix(1);
  if (s.size() >= 2 && s.front() == '`' && s.back() == '`') s = s.substr(1, s.size() - 2);
  return std::string(s);
}

}  // namespace versus::load::replay
