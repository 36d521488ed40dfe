#include "util/sql_script.h"

namespace versus {
namespace {

// What one step of the scanner passed over.
enum class Passed { text, delimiter, delimiter_line };

bool blank(char c) {
  return c == ' ' || c == '\t';
}

bool space(char c) {
  return blank(c) || c == '\n' || c == '\r';
}

// Walks a script one character at a time, knowing whether it is inside a quote or a comment,
// which delimiter ends a statement, and whether it has seen anything but whitespace and
// comments since the last reset().
class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}
  bool done() const { return at_ >= s_.size(); }
  std::size_t at() const { return at_; }
  // Where the last delimiter or DELIMITER line began.
  std::size_t ended_at() const { return ended_at_; }
  bool in_something() const { return quote_ != 0 || block_; }
  bool saw_code() const { return saw_code_; }
  void reset() { saw_code_ = false; }
  // Advances past the character at at() (or the two that open or close a comment, the
  // delimiter, a DELIMITER line); says what it passed.
  Passed step() {
    const char c = s_[at_];
    if (quote_) return quoted(c);
    if (block_) return block();
    if (line_comment_) {
      line_comment_ = c != '\n';
      return advance(1);
    }
    if ((at_ == 0 || s_[at_ - 1] == '\n') && delimiter_line()) return Passed::delimiter_line;
    if (starts(delimiter_)) {
      ended_at_ = at_;
      advance(delimiter_.size());
      return Passed::delimiter;
    }
    if (c == '#' || starts("-- ") || starts("--\t") || starts("--\n") || starts("--\r")) {
      line_comment_ = true;
      return advance(1);
    }
    if (starts("/*")) {
      if (starts("/*!")) code();  // a conditional comment: the server runs what it holds
      block_ = true;
      return advance(2);
    }
    if (c == '\'' || c == '"' || c == '`') quote_ = c;
    if (!space(c)) code();
    return advance(1);
  }
  // The line of the first character since reset() that is not whitespace or a comment.
  int code_line() const { return code_line_; }

 private:
  void code() {
    if (!saw_code_) code_line_ = line_;
    saw_code_ = true;
  }
  bool starts(std::string_view p) const { return s_.substr(at_, p.size()) == p; }
  Passed advance(std::size_t n) {
    for (std::size_t i = 0; i < n && at_ < s_.size(); ++i) line_ += s_[at_++] == '\n';
    return Passed::text;
  }
  // A DELIMITER line at at() (a line's start): read, passed, its delimiter taken.
  bool delimiter_line() {
    std::size_t i = at_;
    while (i < s_.size() && blank(s_[i])) ++i;
    constexpr std::string_view word = "delimiter";
    if (s_.size() - i <= word.size()) return false;
    for (std::size_t k = 0; k < word.size(); ++k)
      if ((s_[i + k] | 0x20) != word[k]) return false;
    i += word.size();
    if (!blank(s_[i])) return false;
    while (i < s_.size() && blank(s_[i])) ++i;
    std::size_t end = i;
    while (end < s_.size() && !space(s_[end])) ++end;
    if (end == i) return false;  // the mysql client refuses a DELIMITER without one
    ended_at_ = at_;
    delimiter_ = std::string(s_.substr(i, end - i));
    const std::size_t eol = s_.find('\n', end);
    advance((eol == std::string_view::npos ? s_.size() : eol + 1) - at_);
    return true;
  }
  Passed quoted(char c) {
    if (c == '\\' && quote_ != '`') return advance(2);
    if (c == quote_ && at_ + 1 < s_.size() && s_[at_ + 1] == quote_) return advance(2);
    if (c == quote_) quote_ = 0;
    return advance(1);
  }
  Passed block() {
    if (!starts("*/")) return advance(1);
    block_ = false;
    return advance(2);
  }

  std::string_view s_;
  std::string delimiter_ = ";";
  std::size_t at_ = 0, ended_at_ = 0;
  int line_ = 1, code_line_ = 0;
  char quote_ = 0;
  bool block_ = false, line_comment_ = false, saw_code_ = false;
};

}  // namespace

std::vector<SqlStatement> split_sql_script(std::string_view script, bool* unterminated) {
  std::vector<SqlStatement> out;
  Scanner sc(script);
  std::size_t from = 0;
  auto take = [&](std::size_t end) {
    const std::string_view text = script.substr(from, end - from);
    if (sc.saw_code()) out.push_back({std::string(text), sc.code_line()});
    sc.reset();
  };
  while (!sc.done()) {
    if (sc.step() == Passed::text) continue;
    take(sc.ended_at());
    from = sc.at();
  }
  if (unterminated) *unterminated = sc.in_something();
  take(script.size());
  return out;
}

bool ends_statement(std::string_view script) {
  Scanner sc(script);
  std::size_t after = std::string_view::npos;
  while (!sc.done())
    if (sc.step() == Passed::delimiter) after = sc.at();
  if (after == std::string_view::npos) return false;
  return script.find_first_not_of(" \t\r\n", after) == std::string_view::npos;
}

}  // namespace versus
