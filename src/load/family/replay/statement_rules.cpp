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
