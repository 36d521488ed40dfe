#include "util/sql_script.h"

namespace versus {
namespace {

// Walks a script one character at a time, knowing whether it is inside a quote or a comment,
// and whether it has seen anything but whitespace and comments since the last reset().
class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}
  bool done() const { return at_ >= s_.size(); }
  std::size_t at() const { return at_; }
  int line() const { return line_; }
  bool in_something() const { return quote_ != 0 || block_; }
  bool saw_code() const { return saw_code_; }
  void reset() { saw_code_ = false; }
  // Advances past the character at at() (or the two that open or close a comment); returns
  // whether it was a ';' that ends a statement.
  bool step() {
    const char c = s_[at_];
    if (quote_) return quoted(c);
    if (block_) return block();
    if (line_comment_) {
      line_comment_ = c != '\n';
      return advance(1);
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
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ';') code();
    advance(1);
    return c == ';';
  }
  // The line of the first character since reset() that is not whitespace or a comment.
  int code_line() const { return code_line_; }

 private:
  void code() {
    if (!saw_code_) code_line_ = line_;
    saw_code_ = true;
  }
  bool starts(std::string_view p) const { return s_.substr(at_, p.size()) == p; }
  bool advance(std::size_t n) {
    for (std::size_t i = 0; i < n && at_ < s_.size(); ++i) line_ += s_[at_++] == '\n';
    return false;
  }
  bool quoted(char c) {
    if (c == '\\' && quote_ != '`') return advance(2);
    if (c == quote_ && at_ + 1 < s_.size() && s_[at_ + 1] == quote_) return advance(2);
    if (c == quote_) quote_ = 0;
    return advance(1);
  }
  bool block() {
    if (!starts("*/")) return advance(1);
    block_ = false;
    return advance(2);
  }

  std::string_view s_;
  std::size_t at_ = 0;
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
    if (!sc.step()) continue;
    take(sc.at() - 1);
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
    if (sc.step()) after = sc.at();
  if (after == std::string_view::npos) return false;
  return script.find_first_not_of(" \t\r\n", after) == std::string_view::npos;
}

}  // namespace versus
