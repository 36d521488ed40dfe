#include "load/family/replay/nondeterminism.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace versus::load::replay {
namespace {

// A statement's words (lowercased; "@@x" one word) and punctuation, quotes and comments
// left out.
struct NdToken {
  std::string text;
  bool word = false;
};

bool nd_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '@' || static_cast<unsigned char>(c) >= 0x80;
}

// The index after a quoted string or comment starting at `i`, or `i` when none starts there.
std::size_t nd_skip(std::string_view s, std::size_t i) {
  const char c = s[i];
  if (c == '\'' || c == '"' || c == '`') {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      if (s[j] == '\\' && c != '`') {
        ++j;
        continue;
      }
      if (s[j] != c) continue;
      if (j + 1 < s.size() && s[j + 1] == c) {
        ++j;  // a doubled quote is one quote character
        continue;
      }
      return j + 1;
    }
    return s.size();
  }
  if (c == '#' || s.substr(i, 3) == "-- " || s.substr(i, 3) == "--\t") {
    const std::size_t end = s.find('\n', i);
    return end == std::string_view::npos ? s.size() : end + 1;
  }
  if (s.substr(i, 2) == "/*" && s.substr(i, 3) != "/*!") {
    const std::size_t end = s.find("*/", i + 2);
    return end == std::string_view::npos ? s.size() : end + 2;
  }
  return i;
}

std::vector<NdToken> nd_tokens(std::string_view s) {
  std::vector<NdToken> out;
  for (std::size_t i = 0; i < s.size();) {
    if (const std::size_t after = nd_skip(s, i); after != i) {
      out.push_back({" ", false});  // a quoted value is something, not nothing
      i = after;
    } else if (nd_word_char(s[i])) {
      std::string w;
      for (; i < s.size() && nd_word_char(s[i]); ++i)
        w.push_back(s[i] >= 'A' && s[i] <= 'Z' ? static_cast<char>(s[i] + 32) : s[i]);
      out.push_back({std::move(w), true});
    } else if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
      ++i;
    } else {
      out.push_back({std::string(1, s[i++]), false});
    }
  }
  return out;
}

struct NdFunction {
  std::string_view name;
  NondeterminismKind kind;
  bool bare;  // counts without parentheses too (CURRENT_TIMESTAMP)
};
using K = NondeterminismKind;
constexpr std::array<NdFunction, 34> kNdFunctions = {{
    {"now", K::time, false},
    {"sysdate", K::time, false},
    {"curdate", K::time, false},
    {"curtime", K::time, false},
    {"current_date", K::time, true},
    {"current_time", K::time, true},
    {"current_timestamp", K::time, true},
    {"localtime", K::time, true},
    {"localtimestamp", K::time, true},
    {"utc_date", K::time, true},
    {"utc_time", K::time, true},
    {"utc_timestamp", K::time, true},
    {"unix_timestamp", K::time, false},
    {"rand", K::random, false},
    {"uuid", K::random, false},
    {"uuid_short", K::random, false},
    {"sys_guid", K::random, false},
    {"random_bytes", K::random, false},
    {"connection_id", K::session, false},
    {"last_insert_id", K::session, false},
    {"found_rows", K::session, false},
    {"row_count", K::session, false},
    {"user", K::session, false},
    {"current_user", K::session, true},
    {"session_user", K::session, false},
    {"system_user", K::session, false},
    {"current_role", K::session, true},
    {"version", K::release, false},
    {"@@version", K::release, true},
    {"@@version_comment", K::release, true},
    {"@@global.version", K::release, true},
    {"@@session.version", K::release, true},
    {"@@version_compile_os", K::release, true},
    {"@@innodb_version", K::release, true},
}};

const NdFunction* nd_function(std::string_view word) {
  for (const auto& f : kNdFunctions)
    if (f.name == word) return &f;
  return nullptr;
}

std::string nd_upper(std::string_view w) {
  std::string out(w);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return out;
}

bool nd_is(const std::vector<NdToken>& t, std::size_t i, std::string_view text) {
  return i < t.size() && t[i].text == text;
}

// Whether the parenthesis opened at `open` holds ORDER BY at its own level.
bool nd_ordered_inside(const std::vector<NdToken>& t, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < t.size(); ++i) {
    depth += t[i].text == "(" ? 1 : t[i].text == ")" ? -1 : 0;
    if (depth == 0) return false;
    if (depth == 1 && t[i].text == "order" && nd_is(t, i + 1, "by")) return true;
  }
  return false;
}

constexpr std::array<std::string_view, 9> kNdAggregates = {
    "avg", "sum", "std", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop", "var_samp"};

// The reason token `i` gives, if any (LIMIT's is decided by the caller, which knows the level).
std::optional<Nondeterminism> nd_reason_at(const std::vector<NdToken>& t, std::size_t i) {
  const std::string& w = t[i].text;
  const bool call = nd_is(t, i + 1, "(") && !(i > 0 && t[i - 1].text == ".");
  if (const NdFunction* f = nd_function(w)) {
    if (w == "unix_timestamp" && !nd_is(t, i + 2, ")")) return std::nullopt;
    if (call) return Nondeterminism{f->kind, "calls " + nd_upper(w) + "()"};
    if (f->bare) return Nondeterminism{f->kind, (w[0] == '@' ? "reads " : "uses ") + nd_upper(w)};
    return std::nullopt;
  }
  if (call && w == "group_concat" && !nd_ordered_inside(t, i + 1))
    return Nondeterminism{K::concat_order, "GROUP_CONCAT without ORDER BY"};
  if (call && std::find(kNdAggregates.begin(), kNdAggregates.end(), w) != kNdAggregates.end())
    return Nondeterminism{
        K::floating, nd_upper(w) + "(): a floating-point result may differ in its last digits"};
  return std::nullopt;
}

}  // namespace

std::vector<Nondeterminism> nondeterminism_of(std::string_view statement) {
  const auto t = nd_tokens(statement);
  std::vector<Nondeterminism> out;
  auto add = [&](Nondeterminism n) {
    if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(std::move(n));
  };
  std::vector<bool> ordered{false};  // per parenthesis level: ORDER BY seen
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::string& w = t[i].text;
    if (w == "(") ordered.push_back(false);
    if (w == ")" && ordered.size() > 1) ordered.pop_back();
    if (!t[i].word) continue;
    if (w == "order" && nd_is(t, i + 1, "by")) ordered.back() = true;
    if (w == "union") ordered.back() = false;
    if (w == "limit" && !ordered.back()) add({K::limit, "LIMIT without ORDER BY"});
    if (auto n = nd_reason_at(t, i)) add(std::move(*n));
  }
  return out;
}

bool orders_rows(std::string_view statement) {
  const auto t = nd_tokens(statement);
  int depth = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    depth += t[i].text == "(" ? 1 : t[i].text == ")" ? -1 : 0;
    if (depth <= 0 && t[i].word && t[i].text == "order" && nd_is(t, i + 1, "by")) return true;
  }
  return false;
}

bool wants_tolerance(const std::vector<Nondeterminism>& reasons) {
  return std::any_of(reasons.begin(), reasons.end(),
                     [](const Nondeterminism& n) { return n.kind == K::floating; });
}

}  // namespace versus::load::replay
