#include "load/family/replay/fingerprint.h"

#include <optional>

#include "load/family/replay/md5.h"

namespace versus::load::replay {
namespace {

// Perl's \s (space, \t, \n, \r, \f, \v) and \w (ASCII letters, digits, _) on bytes.
bool fp_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool fp_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
char fp_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
bool fp_digit(char c) {
  return c >= '0' && c <= '9';
}

// Perl's \b before s[i]: one side a word character, the other not (or the string's edge).
bool fp_boundary(std::string_view s, std::size_t i) {
  const bool before = i > 0 && fp_word(s[i - 1]);
  const bool after = i < s.size() && fp_word(s[i]);
  return before != after;
}

// Whether s holds `word` at `at`, ASCII case ignored.
bool fp_at(std::string_view s, std::size_t at, std::string_view word) {
  if (at > s.size() || s.size() - at < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (fp_lower(s[at + i]) != fp_lower(word[i])) return false;
  return true;
}

std::size_t fp_skip_spaces(std::string_view s, std::size_t at) {
  while (at < s.size() && fp_space(s[at])) ++at;
  return at;
}

std::string fp_lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = fp_lower(c);
  return out;
}

// /*word.word:D/D*/ anywhere: the comment Percona Toolkit's own queries carry.
bool fp_toolkit_marker(std::string_view s) {
  for (std::size_t i = s.find("/*"); i != std::string_view::npos; i = s.find("/*", i + 1)) {
    std::size_t at = i + 2, from = at;
    while (at < s.size() && fp_word(s[at])) ++at;
    if (at == from || at >= s.size() || s[at] != '.') continue;
    from = ++at;
    while (at < s.size() && fp_word(s[at])) ++at;
    if (at == from || s.substr(at, 1) != ":" || at + 5 > s.size()) continue;
    if (fp_digit(s[at + 1]) && s[at + 2] == '/' && fp_digit(s[at + 3]) &&
        s.substr(at + 4, 2) == "*/")
      return true;
  }
  return false;
}

// "call name" of `\s*call\s+NAME(`: NAME is the longest run of non-spaces before a '('.
std::optional<std::string> fp_call(std::string_view s) {
  const std::size_t at = fp_skip_spaces(s, 0);
  if (!fp_at(s, at, "call")) return std::nullopt;
  const std::size_t name = fp_skip_spaces(s, at + 4);
  if (name == at + 4) return std::nullopt;
  std::size_t end = name;
  while (end < s.size() && !fp_space(s[end])) ++end;
  const std::size_t paren = s.substr(name, end - name).rfind('(');
  if (paren == std::string_view::npos || paren == 0) return std::nullopt;
  return fp_lowered(s.substr(at, name + paren - at));
}

// The length of INSERT ... VALUES (first row) when a second row follows it, else npos.
std::size_t fp_first_row_end(std::string_view s, std::size_t values) {
  std::size_t open = fp_skip_spaces(s, values + 6);
  if (open >= s.size() || s[open] != '(') return std::string_view::npos;
  for (std::size_t close = s.find(')', open + 1); close != std::string_view::npos;
       close = s.find(')', close + 1)) {
    std::size_t at = fp_skip_spaces(s, close + 1);
    if (at >= s.size() || s[at] != ',') continue;
    at = fp_skip_spaces(s, at + 1);
    if (at < s.size() && s[at] == '(') return close + 1;
  }
  return std::string_view::npos;
}

// A multi-row INSERT or REPLACE cut after its first row.
std::string_view fp_first_insert_row(std::string_view s) {
  std::size_t at = fp_at(s, 0, "INSERT") ? 6 : fp_at(s, 0, "REPLACE") ? 7 : 0;
  if (at == 0) return s;
  if (fp_at(s, at, " IGNORE")) at += 7;
  const std::size_t into = fp_skip_spaces(s, at);
  if (into == at || !fp_at(s, into, "INTO")) return s;
  for (std::size_t v = into + 5; v + 6 <= s.size(); ++v) {
    if (!fp_at(s, v, "VALUES")) continue;
    const std::size_t end = fp_first_row_end(s, v);
    if (end != std::string_view::npos) return s.substr(0, end);
  }
  return s;
}

// Removes /* ... */ comments whose first character is not '!' (that character may be the
// '*' of the closing "*/", which then does not close it).
std::string fp_strip_block_comments(std::string_view s) {
  std::string out;
  std::size_t copied = 0;
  for (std::size_t i = s.find("/*"); i != std::string_view::npos;) {
    const std::size_t close =
        i + 2 < s.size() && s[i + 2] != '!' ? s.find("*/", i + 3) : std::string_view::npos;
    if (close == std::string_view::npos) {
      i = s.find("/*", i + 1);
      continue;
    }
    out.append(s.substr(copied, i - copied));
    copied = close + 2;
    i = s.find("/*", copied);
  }
  out.append(s.substr(copied));
  return out;
}

// Removes -- and # comments that reach the line's end without a quote character.
std::string fp_strip_line_comments(std::string_view s) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t body = s.substr(i, 2) == "--" ? i + 2 : s[i] == '#' ? i + 1 : 0;
    if (body == 0) {
      out.push_back(s[i++]);
      continue;
    }
    std::size_t end = body;
    while (end < s.size() && s[end] != '\'' && s[end] != '"' && s[end] != '\r' && s[end] != '\n')
      ++end;
    if (end < s.size() && s[end] != '\r' && s[end] != '\n') {
      out.push_back(s[i++]);
      continue;
    }
    i = end;
  }
  return out;
}

// "use ?" for a statement that is only `use NAME` (a final newline kept).
std::optional<std::string> fp_use(std::string_view s) {
  if (!fp_at(s, 0, "use ")) return std::nullopt;
  std::size_t end = 4;
  while (end < s.size() && !fp_space(s[end])) ++end;
  if (end == 4) return std::nullopt;
  if (end == s.size()) return std::string("use ?");
  if (end + 1 == s.size() && s[end] == '\n') return std::string("use ?\n");
  return std::nullopt;
}

// Escaped quotes removed, then "..." and '...' strings (to the next same quote) become ?.
std::string fp_strings(std::string_view s) {
  std::string unescaped;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\''))
      ++i;
    else
      unescaped.push_back(s[i]);
  }
  for (const char quote : {'"', '\''}) {
    std::string out;
    std::size_t i = 0;
    for (std::size_t open = unescaped.find(quote); open != std::string::npos;
         open = unescaped.find(quote, i)) {
      const std::size_t close = unescaped.find(quote, open + 1);
      if (close == std::string::npos) break;
      out.append(unescaped, i, open - i).push_back('?');
      i = close + 1;
    }
    out.append(unescaped, i);
    unescaped = std::move(out);
  }
  return unescaped;
}

// Each whole word of `words` (ASCII case ignored) becomes ?.
std::string fp_words(std::string_view s, std::initializer_list<std::string_view> words) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t taken = 0;
    if (fp_boundary(s, i))
      for (std::string_view w : words)
        if (fp_at(s, i, w) && fp_boundary(s, i + w.size())) taken = w.size();
    if (taken == 0) {
      out.push_back(s[i++]);
      continue;
    }
    out.push_back('?');
    i += taken;
  }
  return out;
}

// A run that starts with a digit, + or - and goes on in [0-9a-f.xb+-] becomes ?; then one of
// x, b, ., + or - just before a ? goes.
std::string fp_numbers(std::string_view s) {
  auto starts = [](char c) { return fp_digit(c) || c == '+' || c == '-'; };
  auto goes_on = [](char c) {
    return fp_digit(c) || (c >= 'a' && c <= 'f') || c == '.' || c == 'x' || c == 'b' || c == '+' ||
           c == '-';
  };
  std::string marked;
  for (std::size_t i = 0; i < s.size();) {
    if (!starts(s[i])) {
      marked.push_back(s[i++]);
      continue;
    }
    for (++i; i < s.size() && goes_on(s[i]);) ++i;
    marked.push_back('?');
  }
  std::string out;
  for (std::size_t i = 0; i < marked.size(); ++i) {
    const char c = marked[i];
    const bool sign = c == 'x' || c == 'b' || c == '.' || c == '+' || c == '-';
    if (sign && i + 1 < marked.size() && marked[i + 1] == '?') continue;
    out.push_back(c);
  }
  return out;
}

// Leading whitespace and one final newline removed, runs of space, \n, \t, \r and \f made one
// space, letters lowercased.
std::string fp_collapse(std::string_view s) {
  s.remove_prefix(fp_skip_spaces(s, 0));
  if (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  std::string out;
  bool in_run = false;
  for (const char c : s) {
    const bool blank = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
    if (blank && in_run) continue;
    in_run = blank;
    out.push_back(blank ? ' ' : fp_lower(c));
  }
  return out;
}

// The end of one or more `[\s,]*\([\s?,]*\)` groups from `at`, or npos when there is none.
std::size_t fp_list_end(std::string_view s, std::size_t at) {
  std::size_t end = std::string_view::npos;
  for (;;) {
    std::size_t i = at;
    while (i < s.size() && (fp_space(s[i]) || s[i] == ',')) ++i;
    if (i >= s.size() || s[i] != '(') return end;
    ++i;
    while (i < s.size() && (fp_space(s[i]) || s[i] == '?' || s[i] == ',')) ++i;
    if (i >= s.size() || s[i] != ')') return end;
    end = at = i + 1;
  }
}

// in (?, ?), values (?), (?) and value (?) lists become in(?+), values(?+), value(?+).
std::string fp_lists(std::string_view s) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t end = std::string_view::npos;
    std::string_view keyword;
    if (fp_boundary(s, i))
      for (std::string_view k : {"in", "values", "value"}) {
        if (s.substr(i, k.size()) != k) continue;
        end = fp_list_end(s, i + k.size());
        keyword = k;
        if (end != std::string_view::npos) break;
      }
    if (end == std::string_view::npos) {
      out.push_back(s[i++]);
      continue;
    }
    out.append(keyword).append("(?+)");
    i = end;
  }
  return out;
}

// After `select X` at `at`, the end of one `\sunion[\sall]\sX` and its `\sunion[\sall]` part.
std::optional<std::pair<std::size_t, std::string_view>> fp_union_repeat(std::string_view s,
                                                                        std::size_t at,
                                                                        std::string_view x) {
  if (at + 6 > s.size() || !fp_space(s[at]) || s.substr(at + 1, 5) != "union") return std::nullopt;
  for (const std::size_t with : {std::size_t{10}, std::size_t{6}}) {
    if (with == 10 && !(at + 7 < s.size() && fp_space(s[at + 6]) && s.substr(at + 7, 3) == "all"))
      continue;
    if (at + with < s.size() && fp_space(s[at + with]) && s.substr(at + with + 1, x.size()) == x)
      return std::pair{at + with + 1 + x.size(), s.substr(at, with)};
  }
  return std::nullopt;
}

// The shortest `select\s...` from `at` (no newline) that a union of itself follows, with the
// end of every repeat: "select X /*repeat union*/".
std::optional<std::pair<std::size_t, std::string>> fp_union_at(std::string_view s, std::size_t at) {
  if (!fp_boundary(s, at) || s.substr(at, 6) != "select" || at + 6 >= s.size() ||
      !fp_space(s[at + 6]))
    return std::nullopt;
  for (std::size_t end = at + 7; end < s.size(); ++end) {
    if (end > at + 7 && s[end - 1] == '\n') break;
    const std::string_view x = s.substr(at, end - at);
    auto repeat = fp_union_repeat(s, end, x);
    if (!repeat) continue;
    std::string_view word = repeat->second;
    std::size_t stop = repeat->first;
    for (auto more = fp_union_repeat(s, stop, x); more; more = fp_union_repeat(s, stop, x))
      stop = more->first, word = more->second;
    return std::pair{stop, std::string(x) + " /*repeat" + std::string(word) + "*/"};
  }
  return std::nullopt;
}

std::string fp_unions(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    auto u = fp_union_at(s, i);
    if (!u) {
      out.push_back(s[i++]);
      continue;
    }
    out += u->second;
    i = u->first;
  }
  return out;
}

// The first `limit ?, ?`, `limit ?,?` or `limit ? offset ?` becomes `limit ?`.
std::string fp_limit(std::string_view s) {
  for (std::size_t i = s.find("limit ?"); i != std::string_view::npos;
       i = s.find("limit ?", i + 1)) {
    if (!fp_boundary(s, i)) continue;
    std::size_t end = i + 7;
    if (s.substr(end, 3) == ", ?")
      end += 3;
    else if (s.substr(end, 2) == ",?")
      end += 2;
    else if (s.substr(end, 9) == " offset ?")
      end += 9;
    return std::string(s.substr(0, i)) + "limit ?" + std::string(s.substr(end));
  }
  return std::string(s);
}

// After the first "order by ", each `X\s+asc` that follows the previous one directly loses
// its `\s+asc`, X being as short as can be (pt-query-digest's one pass of `\G(.+?)\s+ASC`).
std::string fp_order_asc(std::string_view s) {
  std::size_t cur = std::string_view::npos;
  for (std::size_t i = 0; i + 9 <= s.size() && cur == std::string_view::npos; ++i)
    if (fp_boundary(s, i) && fp_at(s, i, "order by ")) cur = i + 9;
  if (cur == std::string_view::npos) return std::string(s);
  std::string out(s.substr(0, cur));
  for (;;) {
    std::size_t k = cur + 1, found = std::string_view::npos;
    for (; k < s.size() && s[k - 1] != '\n' && found == std::string_view::npos; ++k) {
      if (!fp_space(s[k])) continue;
      const std::size_t word = fp_skip_spaces(s, k);
      if (fp_at(s, word, "asc")) found = k;
    }
    if (found == std::string_view::npos) break;
    out.append(s.substr(cur, found - cur));
    cur = fp_skip_spaces(s, found) + 3;
  }
  out.append(s.substr(cur));
  return out;
}

}  // namespace

std::string fingerprint(std::string_view statement) {
  if (statement.substr(0, 40) == "SELECT /*!40001 SQL_NO_CACHE */ * FROM `") return "mysqldump";
  if (fp_toolkit_marker(statement)) return "percona-toolkit";
  if (statement.substr(0, 23) == "administrator command: ") return std::string(statement);
  if (auto call = fp_call(statement)) return *call;
  std::string q = fp_strip_block_comments(fp_first_insert_row(statement));
  q = fp_strip_line_comments(q);
  if (auto use = fp_use(q)) return *use;
  q = fp_numbers(fp_words(fp_strings(q), {"false", "true"}));
  q = fp_words(fp_collapse(q), {"null"});
  return fp_order_asc(fp_limit(fp_unions(fp_lists(q))));
}

std::string class_id(std::string_view fingerprint) {
  std::string id = md5_hex(fingerprint);
  for (char& c : id)
    if (c >= 'a' && c <= 'f') c = static_cast<char>(c - 'a' + 'A');
  return id;
}

}  // namespace versus::load::replay
