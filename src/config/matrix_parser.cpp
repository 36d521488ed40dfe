#include "config/matrix_parser.h"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <utility>
#include <variant>
#include <vector>

#include "config/did_you_mean.h"
#include "config/duration.h"
#include "config/option_table.h"
#include "util/cpu_affinity.h"

namespace versus::config {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

constexpr std::size_t kMaxProblems = 50;  // beyond this, more lines bury the first ones
constexpr std::size_t kMaxQuoted = 60;    // longest value echoed verbatim in a message

// ---------------------------------------------------------------------------------------------
// Problems: everything wrong with the file, one line each.

class Problems {
 public:
  explicit Problems(std::string source) : source_(std::move(source)) {}

  // "<source>:<line>: <path>: <message>"; no line part when line is 0, no path part when empty.
  void add(int line, const std::string& path, const std::string& message) {
    std::string text = source_;
    if (line > 0) text += ":" + std::to_string(line);
    text += ": ";
    if (!path.empty()) text += path + ": ";
    lines_.push_back({line, text + message});
  }

  // "<source>:<line>:<column>: <message>" for yaml-cpp's own errors, which carry a column.
  void add_at(const YAML::Mark& mark, const std::string& message) {
    if (mark.is_null()) return add(0, "", message);
    lines_.push_back({mark.line + 1, fmt::format("{}:{}:{}: {}", source_, mark.line + 1,
                                                 mark.column + 1, message)});
  }

  bool empty() const { return lines_.empty(); }

  // Every problem in line order (stable: same-line problems keep the order found), capped.
  Error error() const {
    auto sorted = lines_;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string text;
    for (std::size_t i = 0; i < sorted.size() && i < kMaxProblems; ++i)
      text += (i ? "\n" : "") + sorted[i].second;
    if (sorted.size() > kMaxProblems)
      text += fmt::format("\n{}: ... and {} more problems", source_, sorted.size() - kMaxProblems);
    return Error{text};
  }

 private:
  std::string source_;
  std::vector<std::pair<int, std::string>> lines_;  // line (0: none), formatted problem
};

// ---------------------------------------------------------------------------------------------
// Describing what was found.

// `text` in single quotes, control characters escaped so a message stays on one line.
std::string quote(std::string_view text) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == kMaxQuoted) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out += text[i];
  }
  return out + "'";
}

// What a node is, for the "got ..." half of a message.
std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null:
      return "null";
    case YAML::NodeType::Scalar:
      return quote(node.Scalar());
    case YAML::NodeType::Sequence:
      return node.size() == 0 ? "an empty list" : "a list";
    case YAML::NodeType::Map:
      return node.size() == 0 ? "an empty map" : "a map";
    case YAML::NodeType::Undefined:
      break;
  }
  return "nothing";
}

// " (did you mean 'x'?)" when a candidate is close to `word`, else "".
std::string suggestion(std::string_view word, const std::vector<std::string_view>& candidates) {
  auto best = did_you_mean(word, candidates);
  return best ? " (did you mean " + quote(*best) + "?)" : "";
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// ---------------------------------------------------------------------------------------------
// Walking context.

int mark_line(const YAML::Node& node) {
  const YAML::Mark mark = node.Mark();
  return mark.is_null() ? 0 : mark.line + 1;
}

struct Ctx {
  Problems& problems;
  fs::path base_dir;        // absolute; relative paths in the file resolve against it
  bool in_default = false;  // converting a table default: there is no line to point at

  int line(const YAML::Node& node) const { return in_default ? 0 : mark_line(node); }
};

// Where a value sits: its key path ("servers[1].basedir") and 1-based line.
struct Where {
  std::string path;
  int line = 0;
};

void report(Ctx& ctx, const Where& at, const std::string& expected, const std::string& got) {
  ctx.problems.add(at.line, at.path, "expected " + expected + ", got " + got);
}

std::string child_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

// A null value ("threads:") has no useful mark of its own: point at its key instead.
int value_line(const YAML::Node& key, const YAML::Node& value, const Ctx& ctx) {
  return value.IsNull() ? ctx.line(key) : ctx.line(value);
}

// ---------------------------------------------------------------------------------------------
// Converted values, keyed by the table's Key.

using OptionList = std::vector<std::pair<std::string, std::string>>;
using Value =
    std::variant<std::int64_t, std::vector<std::int64_t>, milliseconds, std::vector<std::string>,
                 std::string, fs::path, std::vector<fs::path>, OptionList, std::vector<ServerSpec>,
                 std::vector<ProfileSpec>, std::vector<int>, bool, double>;

struct Field {
  Value value;
  int line = 0;
  bool given = false;  // false: the table default
};
using Fields = std::map<Key, Field>;  // only keys whose value (given or default) was valid

template <class T>
std::optional<Value> as_value(std::optional<T> v) {
  if (!v) return std::nullopt;
  return Value{std::in_place_type<T>, std::move(*v)};
}

template <class T>
std::optional<T> take(Fields& fields, Key key) {
  auto it = fields.find(key);
  if (it == fields.end()) return std::nullopt;
  return std::get<T>(std::move(it->second.value));
}

// ---------------------------------------------------------------------------------------------
// Scalars.

// The text of a scalar node; anything else is reported as not being `expected`.
std::optional<std::string> scalar(const YAML::Node& node, const std::string& expected,
                                  const Where& at, Ctx& ctx) {
  if (node.IsScalar()) return node.Scalar();
  report(ctx, at, expected, describe(node));
  return std::nullopt;
}

// A decimal integer with an optional '-' and nothing else: no "1.5", "0x10", "1e3" or "+1".
std::optional<std::int64_t> parse_decimal(std::string_view text) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || stop != end) return std::nullopt;
  return value;
}

std::optional<std::int64_t> to_integer(const OptionSpec& spec, const YAML::Node& node,
                                       const Where& at, Ctx& ctx) {
  const std::string expected = item_expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  auto value = parse_decimal(*text);
  if (value && *value >= spec.min && *value <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

// "95%" or "95": an integer percent within the spec's bounds.
std::optional<std::int64_t> to_percent(const OptionSpec& spec, const YAML::Node& node,
                                       const Where& at, Ctx& ctx) {
  const std::string expected = expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  std::string_view digits = *text;
  if (!digits.empty() && digits.back() == '%') digits.remove_suffix(1);
  auto value = parse_decimal(digits);
  if (value && *value >= spec.min && *value <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

// "auto" (0) or an integer within the spec's bounds.
std::optional<std::int64_t> to_count_or_auto(const OptionSpec& spec, const YAML::Node& node,
                                             const Where& at, Ctx& ctx) {
  const std::string expected = expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  if (*text == "auto") return 0;
  auto value = parse_decimal(*text);
  if (value && *value >= spec.min && *value <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

std::optional<milliseconds> to_duration(const OptionSpec& spec, const YAML::Node& node,
                                        const Where& at, Ctx& ctx) {
  const std::string expected = expected_text(spec);
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  auto value = parse_duration(*text);
  if (value && value->count() >= spec.min && value->count() <= spec.max) return value;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Names end up in paths: a safe alphabet, and no leading '.' or '-' (no "..", no "-rf").
bool is_name(std::string_view s) {
  if (s.empty() || s.size() > kMaxNameLength || !is_alnum(s[0])) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return is_alnum(c) || c == '.' || c == '_' || c == '-'; });
}

std::optional<std::string> to_name(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                   Ctx& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  if (is_name(*text)) return text;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

// A Linux CPU list ("0-1,3"); the empty string is the empty list.
std::optional<std::vector<int>> to_cpu_list(const OptionSpec& spec, const YAML::Node& node,
                                            const Where& at, Ctx& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  if (auto cpus = parse_cpu_list(*text)) return cpus;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

std::optional<bool> to_boolean(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                               Ctx& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  const std::string value = lower(*text);
  if (value == "true" || value == "false") return value == "true";
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

// Newline, carriage return or NUL would start a second line in a generated my.cnf.
bool breaks_line(std::string_view s) {
  return s.find_first_of(std::string_view("\n\r\0", 3)) != s.npos;
}

// A plain decimal number ("0.2", ".5", "1e-1"; no "nan", "inf", hex) strictly inside (0, 1).
std::optional<double> to_fraction(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                                  Ctx& ctx) {
  auto text = scalar(node, expected_text(spec), at, ctx);
  if (!text) return std::nullopt;
  double value = 0;
  const char* end = text->data() + text->size();
  auto [stop, ec] = std::from_chars(text->data(), end, value, std::chars_format::general);
  if (!text->empty() && ec == std::errc{} && stop == end && value > 0 && value < 1) return value;
  report(ctx, at, expected_text(spec), quote(*text));
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Paths.

// `text` made absolute against `base`, lexically normalized, without a trailing separator.
fs::path resolve(const std::string& text, const fs::path& base) {
  fs::path path = (base / text).lexically_normal();
  if (!path.has_filename() && path.has_relative_path()) path = path.parent_path();
  return path;
}

std::string why_not(const fs::file_status& status, const std::error_code& ec, fs::file_type want) {
  if (status.type() == fs::file_type::not_found) return "does not exist";
  if (ec) return ec.message();
  if (status.type() == fs::file_type::directory) return "is a directory";
  return want == fs::file_type::directory ? "is not a directory" : "is not a regular file";
}

// The resolved path of an existing file of type `want` (symbolic links followed).
std::optional<fs::path> to_existing(const std::string& expected, fs::file_type want,
                                    const YAML::Node& node, const Where& at, Ctx& ctx) {
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  if (text->empty() || breaks_line(*text)) {
    report(ctx, at, expected, quote(*text));
    return std::nullopt;
  }
  const fs::path path = resolve(*text, ctx.base_dir);
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (status.type() == want) return path;
  report(ctx, at, expected,
         quote(*text) + " (" + path.string() + ": " + why_not(status, ec, want) + ")");
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Lists.

struct Item {
  YAML::Node node;
  Where at;
};

// The items of a list-valued key; a lone scalar is a one-item list when `scalar_ok`.
// Reports anything else that is not a list, and an empty list when `non_empty`.
std::optional<std::vector<Item>> items_of(const OptionSpec& spec, const YAML::Node& node,
                                          const Where& at, Ctx& ctx, bool scalar_ok,
                                          bool non_empty) {
  if (scalar_ok && node.IsScalar()) return std::vector<Item>{{node, at}};
  if (!node.IsSequence() || (non_empty && node.size() == 0)) {
    report(ctx, at, expected_text(spec), describe(node));
    return std::nullopt;
  }
  std::vector<Item> items;
  for (const YAML::Node& child : node)
    items.push_back({child, {at.path + "[" + std::to_string(items.size()) + "]", ctx.line(child)}});
  return items;
}

// Remembers where each value first appeared; reports a repeat.
template <class T>
bool first_time(std::map<T, std::string>& seen, const T& value, const std::string& shown,
                const Where& at, Ctx& ctx) {
  auto [it, inserted] = seen.emplace(value, at.path);
  if (!inserted)
    ctx.problems.add(at.line, at.path,
                     "duplicate value " + shown + " (same as " + it->second + ")");
  return inserted;
}

std::optional<std::vector<std::int64_t>> to_integer_list(const OptionSpec& spec,
                                                         const YAML::Node& node, const Where& at,
                                                         Ctx& ctx) {
  auto items = items_of(spec, node, at, ctx, true, true);
  if (!items) return std::nullopt;
  std::vector<std::int64_t> out;
  std::map<std::int64_t, std::string> seen;
  bool ok = true;
  for (const Item& item : *items) {
    auto value = to_integer(spec, item.node, item.at, ctx);
    if (!value || !first_time(seen, *value, quote(std::to_string(*value)), item.at, ctx))
      ok = false;
    else
      out.push_back(*value);
  }
  if (!ok) return std::nullopt;
  return out;
}

// One choice, lower-cased; reports a value outside spec.choices() with a suggestion.
std::optional<std::string> to_choice(const OptionSpec& spec, const Item& item, Ctx& ctx) {
  const std::string expected = item_expected_text(spec);
  auto text = scalar(item.node, expected, item.at, ctx);
  if (!text) return std::nullopt;
  const std::string value = lower(*text);
  const auto& choices = spec.choices();
  if (std::find(choices.begin(), choices.end(), value) != choices.end()) return value;
  report(ctx, item.at, expected, quote(*text) + suggestion(*text, choices));
  return std::nullopt;
}

std::optional<std::string> to_single_choice(const OptionSpec& spec, const YAML::Node& node,
                                            const Where& at, Ctx& ctx) {
  return to_choice(spec, Item{node, at}, ctx);
}

std::optional<std::vector<std::string>> to_choice_list(const OptionSpec& spec,
                                                       const YAML::Node& node, const Where& at,
                                                       Ctx& ctx) {
  auto items = items_of(spec, node, at, ctx, true, true);
  if (!items) return std::nullopt;
  std::vector<std::string> out;
  std::map<std::string, std::string> seen;
  bool ok = true;
  for (const Item& item : *items) {
    auto value = to_choice(spec, item, ctx);
    if (!value || !first_time(seen, *value, quote(*value), item.at, ctx))
      ok = false;
    else
      out.push_back(*value);
  }
  if (!ok) return std::nullopt;
  return out;
}

std::optional<std::vector<fs::path>> to_file_list(const OptionSpec& spec, const YAML::Node& node,
                                                  const Where& at, Ctx& ctx) {
  auto items = items_of(spec, node, at, ctx, true, false);
  if (!items) return std::nullopt;
  std::vector<fs::path> out;
  bool ok = true;
  for (const Item& item : *items) {
    auto path =
        to_existing(item_expected_text(spec), fs::file_type::regular, item.node, item.at, ctx);
    if (path)
      out.push_back(std::move(*path));
    else
      ok = false;
  }
  if (!ok) return std::nullopt;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Maps.

// The text of a map key; reports a key that is not a scalar or repeats an earlier one (yaml-cpp
// keeps both).
std::optional<std::string> key_text(const YAML::Node& key, const std::string& path,
                                    std::map<std::string, int>& first_line, Ctx& ctx) {
  const int line = ctx.line(key);
  if (!key.IsScalar()) {
    ctx.problems.add(line, path, "expected a key name, got " + describe(key));
    return std::nullopt;
  }
  auto [it, inserted] = first_line.emplace(key.Scalar(), line);
  if (inserted) return key.Scalar();
  ctx.problems.add(
      line, path,
      fmt::format("duplicate key {} (first at line {})", quote(key.Scalar()), it->second));
  return std::nullopt;
}

bool is_option_name(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(),
                                   [](char c) { return is_alnum(c) || c == '_' || c == '-'; });
}

// One my.cnf value: any scalar that keeps the option on one line.
std::optional<std::string> to_option_value(const YAML::Node& node, const Where& at, Ctx& ctx) {
  const std::string expected = "a one-line scalar value (no newline, carriage return or NUL)";
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  if (!breaks_line(*text)) return text;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

std::optional<OptionList> to_option_map(const OptionSpec& spec, const YAML::Node& node,
                                        const Where& at, Ctx& ctx) {
  if (!node.IsMap()) {
    report(ctx, at, expected_text(spec), describe(node));
    return std::nullopt;
  }
  OptionList out;
  std::map<std::string, int> first_line;
  bool ok = true;
  for (const auto& kv : node) {
    auto name = key_text(kv.first, at.path, first_line, ctx);
    if (name && !is_option_name(*name)) {
      report(ctx, {at.path, ctx.line(kv.first)}, "a my.cnf option name [A-Za-z0-9_-]",
             quote(*name));
      name.reset();
    }
    auto value = name ? to_option_value(
                            kv.second,
                            {child_path(at.path, *name), value_line(kv.first, kv.second, ctx)}, ctx)
                      : std::nullopt;
    if (value)
      out.emplace_back(std::move(*name), std::move(*value));
    else
      ok = false;
  }
  if (!ok) return std::nullopt;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Keys of one level: the table drives which exist, how each converts, and defaults.

struct Entry {
  const OptionSpec* spec;
  YAML::Node value;
  int line;
};

// The known keys of `map`; reports unknown (with a suggestion) and duplicate keys.
std::vector<Entry> known_entries(const YAML::Node& map, Level level, const std::string& path,
                                 Ctx& ctx) {
  std::vector<Entry> out;
  std::map<std::string, int> first_line;
  for (const auto& kv : map) {
    auto name = key_text(kv.first, path, first_line, ctx);
    if (!name) continue;
    if (const OptionSpec* spec = find_option(level, *name))
      out.push_back({spec, kv.second, value_line(kv.first, kv.second, ctx)});
    else
      ctx.problems.add(ctx.line(kv.first), path,
                       "unknown key " + quote(*name) + suggestion(*name, option_names(level)));
  }
  return out;
}

Fields read_fields(const YAML::Node& map, Level level, const std::string& path, Ctx& ctx);

// Entries of servers[] or profiles[]: maps of `level` keys, distinct by their `name_key`.
// `build` makes the entry from its converted fields (nullopt when one is missing).
template <class T, class Build>
std::optional<std::vector<T>> to_entries(const OptionSpec& spec, Level level, Key name_key,
                                         const YAML::Node& node, const Where& at, Ctx& ctx,
                                         Build build) {
  auto items = items_of(spec, node, at, ctx, false, true);
  if (!items) return std::nullopt;
  std::vector<T> out;
  std::map<std::string, std::string> names;
  bool ok = true;
  for (const Item& item : *items) {
    if (!item.node.IsMap()) {
      report(ctx, item.at, item_expected_text(spec), describe(item.node));
      ok = false;
      continue;
    }
    Fields fields = read_fields(item.node, level, item.at.path, ctx);
    if (auto name = fields.find(name_key); name != fields.end()) {
      const auto& text = std::get<std::string>(name->second.value);
      const Where name_at{child_path(item.at.path, option(name_key).name), name->second.line};
      if (!first_time(names, text, quote(text), name_at, ctx)) ok = false;
    }
    std::optional<T> entry = build(fields, item, ctx);
    if (entry)
      out.push_back(std::move(*entry));
    else
      ok = false;
  }
  if (!ok) return std::nullopt;
  return out;
}

std::optional<ServerSpec> build_server(Fields& fields, const Item&, const Ctx&) {
  const auto basedir_field = fields.find(Key::server_basedir);
  const int line = basedir_field == fields.end() ? 0 : basedir_field->second.line;
  auto name = take<std::string>(fields, Key::server_name);
  auto basedir = take<fs::path>(fields, Key::server_basedir);
  auto quota = take<std::int64_t>(fields, Key::server_cpu_quota);
  if (!name || !basedir || !quota) return std::nullopt;
  ServerSpec server{std::move(*name), std::move(*basedir), line};
  server.cpu_quota_pct = static_cast<int>(*quota);
  return server;
}

std::optional<ProfileSpec> build_profile(Fields& fields, const Item& item, const Ctx& ctx) {
  auto name = take<std::string>(fields, Key::profile_name);
  auto files = take<std::vector<fs::path>>(fields, Key::profile_files);
  auto options = take<OptionList>(fields, Key::profile_options);
  if (!name || !files || !options) return std::nullopt;
  return ProfileSpec{std::move(*name), std::move(*files), std::move(*options), ctx.line(item.node)};
}

// The value of `node` read as `spec` says; nullopt after reporting every problem in it.
std::optional<Value> convert(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                             Ctx& ctx) {
  switch (spec.kind) {
    case Kind::integer:
      return as_value(to_integer(spec, node, at, ctx));
    case Kind::integer_list:
      return as_value(to_integer_list(spec, node, at, ctx));
    case Kind::duration:
      return as_value(to_duration(spec, node, at, ctx));
    case Kind::choice_list:
      return as_value(to_choice_list(spec, node, at, ctx));
    case Kind::name:
      return as_value(to_name(spec, node, at, ctx));
    case Kind::directory:
      return as_value(to_existing(expected_text(spec), fs::file_type::directory, node, at, ctx));
    case Kind::file_list:
      return as_value(to_file_list(spec, node, at, ctx));
    case Kind::option_map:
      return as_value(to_option_map(spec, node, at, ctx));
    case Kind::server_list:
      return as_value(to_entries<ServerSpec>(spec, Level::server, Key::server_name, node, at, ctx,
                                             build_server));
    case Kind::profile_list:
      return as_value(to_entries<ProfileSpec>(spec, Level::profile, Key::profile_name, node, at,
                                              ctx, build_profile));
    case Kind::cpu_list:
      return as_value(to_cpu_list(spec, node, at, ctx));
    case Kind::boolean:
      return as_value(to_boolean(spec, node, at, ctx));
    case Kind::choice:
      return as_value(to_single_choice(spec, node, at, ctx));
    case Kind::fraction:
      return as_value(to_fraction(spec, node, at, ctx));
    case Kind::percent:
      return as_value(to_percent(spec, node, at, ctx));
    case Kind::count_or_auto:
      return as_value(to_count_or_auto(spec, node, at, ctx));
  }
  return std::nullopt;
}

void convert_into(Fields& fields, const OptionSpec& spec, const YAML::Node& node, const Where& at,
                  bool given, Ctx& ctx) {
  if (auto value = convert(spec, node, at, ctx))
    fields.insert_or_assign(spec.key, Field{std::move(*value), at.line, given});
}

// The table's default for `spec`, read like user input (defaults are valid: option_table_test).
void convert_default(Fields& fields, const OptionSpec& spec, const std::string& path, Ctx& ctx) {
  Ctx quiet{ctx.problems, ctx.base_dir, true};
  const YAML::Node node = YAML::Load(std::string(spec.default_yaml));
  convert_into(fields, spec, node, {child_path(path, spec.name), 0}, false, quiet);
}

// Every key of `level` from `map`, given or defaulted; reports missing required keys.
Fields read_fields(const YAML::Node& map, Level level, const std::string& path, Ctx& ctx) {
  Fields fields;
  const std::vector<Entry> given = known_entries(map, level, path, ctx);
  for (const OptionSpec* spec : options_at(level)) {
    auto it =
        std::find_if(given.begin(), given.end(), [&](const Entry& e) { return e.spec == spec; });
    if (it != given.end())
      convert_into(fields, *spec, it->value, {child_path(path, spec->name), it->line}, true, ctx);
    else if (spec->required)
      ctx.problems.add(ctx.line(map), path, "missing required key " + quote(spec->name));
    else
      convert_default(fields, *spec, path, ctx);
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------
// The Plan.

std::vector<int> to_ints(const std::vector<std::int64_t>& values) {
  std::vector<int> out;
  for (std::int64_t v : values) out.push_back(static_cast<int>(v));  // table bounds fit in int
  return out;
}

std::vector<Workload> to_workloads(const std::vector<std::string>& names) {
  std::vector<Workload> out;
  for (const std::string& name : names) out.push_back(*workload_from_name(name));  // validated
  return out;
}

int to_int(const Value& v) {
  return static_cast<int>(std::get<std::int64_t>(v));  // table bounds fit in int
}

// The Plan field of a per-transaction statement count; nullptr for other keys.
int* count_field(StatementCounts& c, Key key) {
  switch (key) {
    case Key::point_selects:
      return &c.point_selects;
    case Key::simple_ranges:
      return &c.simple_ranges;
    case Key::sum_ranges:
      return &c.sum_ranges;
    case Key::order_ranges:
      return &c.order_ranges;
    case Key::distinct_ranges:
      return &c.distinct_ranges;
    case Key::index_updates:
      return &c.index_updates;
    case Key::non_index_updates:
      return &c.non_index_updates;
    case Key::delete_inserts:
      return &c.delete_inserts;
    default:
      return nullptr;
  }
}

// The statement counts, range size and id distribution: what each transaction runs, on which
// ids. Other keys (those of servers[] and profiles[] entries) are not stored here.
void store_load_shape(Plan& plan, Key key, const Value& v) {
  if (int* count = count_field(plan.counts, key)) *count = to_int(v);
  if (key == Key::range_size) plan.counts.range_size = static_cast<std::uint32_t>(to_int(v));
  if (key == Key::rand_type)
    plan.rand.type = *rand_type_from_name(std::get<std::string>(v));  // validated
  if (key == Key::rand_spec_pct) plan.rand.spec_pct = to_int(v);
  if (key == Key::rand_spec_res) plan.rand.spec_res = to_int(v);
  if (key == Key::rand_pareto_h) plan.rand.pareto_h = std::get<double>(v);
}

// Moves one converted top-level value into its Plan field.
void store(Plan& plan, Key key, Value&& v) {
  switch (key) {
    case Key::servers:
      plan.servers = std::get<std::vector<ServerSpec>>(std::move(v));
      break;
    case Key::profiles:
      plan.profiles = std::get<std::vector<ProfileSpec>>(std::move(v));
      break;
    case Key::engines:
      plan.engines = std::get<std::vector<std::string>>(std::move(v));
      break;
    case Key::workloads:
      plan.workloads = to_workloads(std::get<std::vector<std::string>>(v));
      break;
    case Key::threads:
      plan.threads = to_ints(std::get<std::vector<std::int64_t>>(v));
      break;
    case Key::tables:
      plan.tables = static_cast<int>(std::get<std::int64_t>(v));
      break;
    case Key::table_size:
      plan.table_size = std::get<std::int64_t>(v);
      break;
    case Key::warmup:
      plan.warmup = std::get<milliseconds>(v);
      break;
    case Key::duration:
      plan.duration = std::get<milliseconds>(v);
      break;
    case Key::max_requests:
      plan.max_requests = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
      break;
    case Key::repeats:
      plan.repeats = static_cast<int>(std::get<std::int64_t>(v));
      plan.auto_repeats = plan.repeats == 0;
      break;
    case Key::max_repeats:
      plan.max_repeats = to_int(v);
      break;
    case Key::time_budget:
      plan.time_budget = std::get<milliseconds>(v);
      break;
    case Key::multiple_comparisons:
      plan.multiple_comparisons = std::get<std::string>(v);
      break;
    case Key::seed:
      plan.seed = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
      break;
    case Key::min_difference:
      plan.min_difference_pct = static_cast<int>(std::get<std::int64_t>(v));
      break;
    case Key::rate:
      plan.rate = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
      break;
    case Key::startup_timeout:
      plan.startup_timeout = std::get<milliseconds>(v);
      break;
    case Key::shutdown_timeout:
      plan.shutdown_timeout = std::get<milliseconds>(v);
      break;
    case Key::client_cpus:
      plan.client_cpus = std::get<std::vector<int>>(std::move(v));
      break;
    case Key::server_cpus:
      plan.server_cpus = std::get<std::vector<int>>(std::move(v));
      break;
    case Key::cpu_probe:
      plan.cpu_probe = std::get<bool>(v);
      break;
    default:
      store_load_shape(plan, key, v);
  }
}

// max_requests > 0 given without duration: the request count alone ends each cell.
void apply_request_limit(Plan& plan, const Fields& fields) {
  const auto duration = fields.find(Key::duration);
  const bool duration_given = duration != fields.end() && duration->second.given;
  if (!duration_given && plan.max_requests > 0) plan.duration = milliseconds{0};
}

// ---------------------------------------------------------------------------------------------
// Text to documents.

// YAML forbids tabs in indentation, and yaml-cpp's message for them is cryptic.
void report_tabs(std::string_view text, Problems& problems) {
  int line = 1;
  for (std::size_t start = 0; start <= text.size(); ++line) {
    std::size_t end = text.find('\n', start);
    if (end == text.npos) end = text.size();
    const std::string_view row = text.substr(start, end - start);
    const std::size_t indent = row.find_first_not_of(" \t\r");
    if (indent != row.npos && row[indent] != '#' && row.substr(0, indent).find('\t') != row.npos)
      problems.add(line, "", "tab character in indentation (YAML needs spaces)");
    start = end + 1;
  }
}

// Records where each document starts; the other events do not matter here.
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> marks;

  void OnDocumentStart(const YAML::Mark& mark) override { marks.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// Whether a line starting in text[from, to] is a document marker ("---" or "...").
bool has_document_marker(std::string_view text, int from, int to) {
  const std::size_t end =
      std::min<std::size_t>(text.size(), static_cast<std::size_t>(std::max(to, 0)) + 1);
  for (std::size_t i = static_cast<std::size_t>(std::max(from, 0)); i < end; ++i) {
    if (i > 0 && text[i - 1] != '\n') continue;
    const std::string_view rest = text.substr(i);
    if ((rest.substr(0, 3) == "---" || rest.substr(0, 3) == "...") &&
        (rest.size() == 3 || std::string_view(" \t\r\n").find(rest[3]) != rest.npos))
      return true;
  }
  return false;
}

// The start marks of the first two documents. yaml-cpp 0.7's LoadAll() loops forever on a token
// no rule consumes (input "," : jbeder/yaml-cpp#1319), so the parser is driven here instead; a
// "second document" without a marker before it is that stray token, reported as a syntax error.
std::optional<std::vector<YAML::Mark>> document_starts(std::string_view text, Problems& problems) {
  std::istringstream in{std::string(text)};
  YAML::Parser parser(in);
  DocumentStarts starts;
  while (starts.marks.size() < 2 && parser.HandleNextDocument(starts)) {
  }
  if (starts.marks.size() < 2) return starts.marks;
  const YAML::Mark& second = starts.marks[1];
  if (has_document_marker(text, starts.marks[0].pos, second.pos)) return starts.marks;
  const auto at = static_cast<std::size_t>(std::max(second.pos, 0));
  problems.add_at(second, "YAML syntax error: unexpected " +
                              (at < text.size() ? quote(text.substr(at, 1)) : "end of input"));
  return std::nullopt;
}

// The first document; reports a YAML syntax error.
std::optional<YAML::Node> load_document(std::string_view text, Problems& problems) {
  try {
    return YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    problems.add_at(e.mark, "YAML syntax error: " + e.msg);
  }
  return std::nullopt;
}

// The root map of the file's single document; reports anything else.
std::optional<YAML::Node> root_map(std::string_view text, Ctx& ctx) {
  std::string required;
  for (const OptionSpec* spec : options_at(Level::top))
    if (spec->required) required += (required.empty() ? "" : ", ") + quote(spec->name);
  const std::string expected = "a map of matrix keys (at least " + required + ")";
  std::optional<std::vector<YAML::Mark>> starts;
  try {
    starts = document_starts(text, ctx.problems);
  } catch (const YAML::Exception& e) {
    ctx.problems.add_at(e.mark, "YAML syntax error: " + e.msg);
  }
  if (!starts) return std::nullopt;
  if (starts->size() > 1) {
    report(ctx, {"", starts->at(1).line + 1}, "a single YAML document", "a second one");
    return std::nullopt;
  }
  auto root = load_document(text, ctx.problems);
  if (!root) return std::nullopt;
  if (starts->empty() || root->IsNull())
    report(ctx, {"", 1}, expected, "an empty file");
  else if (!root->IsMap())
    report(ctx, {"", ctx.line(*root)}, expected, describe(*root));
  else
    return root;
  return std::nullopt;
}

Expected<Plan> parse_text(std::string_view text, const std::string& source,
                          const fs::path& base_dir) {
  Problems problems(source);
  report_tabs(text, problems);
  if (!problems.empty()) return fail(problems.error());
  std::error_code ec;
  Ctx ctx{problems, fs::absolute(base_dir, ec).lexically_normal()};
  auto root = root_map(text, ctx);
  if (!root) return fail(problems.error());
  Fields fields = read_fields(*root, Level::top, "", ctx);
  if (!problems.empty()) return fail(problems.error());
  Plan plan;
  plan.source = source;
  for (auto& [key, field] : fields) store(plan, key, std::move(field.value));
  apply_request_limit(plan, fields);
  return plan;
}

struct CloseFile {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

Expected<std::string> read_text(const fs::path& file) {
  std::unique_ptr<std::FILE, CloseFile> f(std::fopen(file.c_str(), "rb"));
  if (!f) return fail(file.string() + ": cannot read: " + std::strerror(errno));
  std::string text;
  char buffer[65536];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) text.append(buffer, n);
  if (std::ferror(f.get())) return fail(file.string() + ": cannot read: " + std::strerror(errno));
  return text;
}

}  // namespace

Expected<Plan> parse_matrix_text(std::string_view text, const std::string& source_name,
                                 const std::filesystem::path& base_dir) {
  try {
    return parse_text(text, source_name, base_dir);
  } catch (const std::exception& e) {  // a yaml-cpp or library surprise: still an Error
    return fail(source_name + ": internal error while reading the matrix: " + e.what());
  }
}

Expected<Plan> parse_matrix_file(const std::filesystem::path& file) {
  auto text = read_text(file);
  if (!text) return fail(std::move(text.error()));
  std::error_code ec;
  auto plan = parse_matrix_text(*text, file.string(), std::filesystem::current_path(ec));
  if (plan) plan->source = file;
  return plan;
}

}  // namespace versus::config
