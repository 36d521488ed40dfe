#include "config/reading/conversion.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "config/options/duration.h"
#include "config/reading/nested_conversion.h"
#include "config/reading/scalar_conversion.h"
#include "util/cpu_affinity.h"

namespace versus::config {

int mark_line(const YAML::Node& node) {
  const YAML::Mark mark = node.Mark();
  return mark.is_null() ? 0 : mark.line + 1;
}

void report(ReadContext& ctx, const Where& at, const std::string& expected,
            const std::string& got) {
  ctx.problems.add(at.line, at.path, "expected " + expected + ", got " + got);
}

namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

std::string child_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

// A null value ("threads:") has no useful mark of its own: point at its key instead.
int value_line(const YAML::Node& key, const YAML::Node& value, const ReadContext& ctx) {
  return value.IsNull() ? ctx.line(key) : ctx.line(value);
}

template <class T>
std::optional<Value> as_value(std::optional<T> v) {
  if (!v) return std::nullopt;
  return Value{std::in_place_type<T>, std::move(*v)};
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
                                    const YAML::Node& node, const Where& at, ReadContext& ctx) {
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

// A list item with its key path ("threads[2]") and line (nested_conversion.h list_items).
using Item = MapEntry;

// Remembers where each value first appeared; reports a repeat.
template <class T>
bool first_time(std::map<T, std::string>& seen, const T& value, const std::string& shown,
                const Where& at, ReadContext& ctx) {
  auto [it, inserted] = seen.emplace(value, at.path);
  if (!inserted)
    ctx.problems.add(at.line, at.path,
                     "duplicate value " + shown + " (same as " + it->second + ")");
  return inserted;
}

std::optional<std::vector<std::int64_t>> to_integer_list(const OptionSpec& spec,
                                                         const YAML::Node& node, const Where& at,
                                                         ReadContext& ctx) {
  auto items = list_items(spec, node, at, ctx, true, true);
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
std::optional<std::string> to_choice(const OptionSpec& spec, const Item& item, ReadContext& ctx) {
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
                                            const Where& at, ReadContext& ctx) {
  return to_choice(spec, Item{node, at}, ctx);
}

std::optional<std::vector<std::string>> to_choice_list(const OptionSpec& spec,
                                                       const YAML::Node& node, const Where& at,
                                                       ReadContext& ctx) {
  auto items = list_items(spec, node, at, ctx, true, true);
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
                                                  const Where& at, ReadContext& ctx) {
  auto items = list_items(spec, node, at, ctx, true, false);
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
                                    std::map<std::string, int>& first_line, ReadContext& ctx) {
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
std::optional<std::string> to_option_value(const YAML::Node& node, const Where& at,
                                           ReadContext& ctx) {
  const std::string expected = "a one-line scalar value (no newline, carriage return or NUL)";
  auto text = scalar(node, expected, at, ctx);
  if (!text) return std::nullopt;
  if (!breaks_line(*text)) return text;
  report(ctx, at, expected, quote(*text));
  return std::nullopt;
}

std::optional<OptionList> to_option_map(const OptionSpec& spec, const YAML::Node& node,
                                        const Where& at, ReadContext& ctx) {
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
                                 ReadContext& ctx) {
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

// Entries of servers[], profiles[], exclude[] or include[]: maps of `level` keys, distinct by
// their `name_key` when they have one. `build` makes the entry from its converted fields
// (nullopt when one is missing or invalid, after reporting it).
template <class T, class Build>
std::optional<std::vector<T>> to_entries(const OptionSpec& spec, Level level,
                                         std::optional<Key> name_key, const YAML::Node& node,
                                         const Where& at, ReadContext& ctx, Build build) {
  const bool non_empty = spec.kind == Kind::server_list || spec.kind == Kind::profile_list;
  auto items = list_items(spec, node, at, ctx, false, non_empty);
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
    if (auto name = name_key ? fields.find(*name_key) : fields.end(); name != fields.end()) {
      const auto& text = std::get<std::string>(name->second.value);
      const Where name_at{child_path(item.at.path, option(*name_key).name), name->second.line};
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

std::optional<ServerSpec> build_server(Fields& fields, const Item&, ReadContext&) {
  const auto basedir_field = fields.find(Key::server_basedir);
  const int line = basedir_field == fields.end() ? 0 : basedir_field->second.line;
  auto name = take<std::string>(fields, Key::server_name);
  auto basedir = take<fs::path>(fields, Key::server_basedir);
  auto files = take<std::vector<fs::path>>(fields, Key::server_files);
  auto options = take<OptionList>(fields, Key::server_options);
  auto quota = take<std::int64_t>(fields, Key::server_cpu_quota);
  if (!name || !basedir || !files || !options || !quota) return std::nullopt;
  ServerSpec server{std::move(*name), std::move(*basedir), line, std::move(*files),
                    std::move(*options)};
  server.cpu_quota_pct = static_cast<int>(*quota);
  if (const auto host = fields.find(Key::server_host); host != fields.end()) {
    server.host_line = host->second.line;
    server.host = std::get<std::string>(host->second.value);
  }
  if (auto on_host = take<std::string>(fields, Key::server_host_basedir))
    server.host_basedir = std::move(*on_host);
  if (const auto from = fields.find(Key::server_data_from); from != fields.end()) {
    server.data_from_line = from->second.line;
    server.data_from = std::get<std::string>(from->second.value);
  }
  return server;
}

std::optional<HostSpec> build_host(Fields& fields, const Item& item, ReadContext& ctx) {
  auto name = take<std::string>(fields, Key::host_name);
  auto ssh = take<std::string>(fields, Key::host_ssh);
  auto port = take<std::int64_t>(fields, Key::host_port);
  auto workdir = take<std::string>(fields, Key::host_workdir);
  if (!name || !ssh || !port || !workdir) return std::nullopt;
  HostSpec host;
  host.name = std::move(*name);
  host.ssh = std::move(*ssh);
  host.port = static_cast<int>(*port);
  host.workdir = std::move(*workdir);
  host.line = ctx.line(item.node);
  if (auto f = take<fs::path>(fields, Key::host_identity)) host.identity = std::move(*f);
  if (auto f = take<fs::path>(fields, Key::host_known_hosts)) host.known_hosts = std::move(*f);
  if (auto a = take<std::string>(fields, Key::host_address)) host.address = std::move(*a);
  return host;
}

// The axis keys of exclude[] (first) and include[] entries, in CellSelector order.
constexpr Key kExcludeAxes[] = {Key::exclude_server,  Key::exclude_profile,
                                Key::exclude_engine,  Key::exclude_workload,
                                Key::exclude_threads, Key::exclude_table_size};
constexpr Key kIncludeAxes[] = {Key::include_server,  Key::include_profile,
                                Key::include_engine,  Key::include_workload,
                                Key::include_threads, Key::include_table_size};

// The selector of an entry; nullopt after reporting an entry that names no axis.
std::optional<CellSelector> build_selector(Fields& fields, const Key (&axes)[6], const Item& item,
                                           ReadContext& ctx) {
  CellSelector s;
  s.line = ctx.line(item.node);
  s.server = take<std::string>(fields, axes[0]);
  s.profile = take<std::string>(fields, axes[1]);
  s.engine = take<std::string>(fields, axes[2]);
  s.workload = take<std::string>(fields, axes[3]);
  if (auto t = take<std::int64_t>(fields, axes[4])) s.threads = static_cast<int>(*t);
  s.table_size = take<std::int64_t>(fields, axes[5]);
  const bool any = s.server || s.profile || s.engine || s.workload || s.threads || s.table_size;
  const bool all_valid = std::all_of(std::begin(axes), std::end(axes), [&](Key k) {
    return fields.count(k) > 0 || item.node[std::string(option(k).name)].IsDefined() == false;
  });
  if (!all_valid) return std::nullopt;  // an axis value was reported
  if (any) return s;
  const Level level = option(axes[0]).level;
  if (item.node.IsMap())
    for (const auto& kv : item.node)
      if (find_option(level, kv.first.Scalar()) == nullptr)
        return std::nullopt;  // an unknown key (the likely misspelt axis) was reported
  report(ctx, item.at, "at least one axis (server, profile, engine, workload, threads, table_size)",
         describe(item.node));
  return std::nullopt;
}

std::optional<CellSelector> build_exclude(Fields& fields, const Item& item, ReadContext& ctx) {
  return build_selector(fields, kExcludeAxes, item, ctx);
}

std::optional<RunLengthOverride> build_include(Fields& fields, const Item& item, ReadContext& ctx) {
  RunLengthOverride o;
  o.duration = take<milliseconds>(fields, Key::include_duration);
  o.warmup = take<milliseconds>(fields, Key::include_warmup);
  if (auto n = take<std::int64_t>(fields, Key::include_max_requests))
    o.max_requests = static_cast<std::uint64_t>(*n);
  auto select = build_selector(fields, kIncludeAxes, item, ctx);
  if (!select) return std::nullopt;
  o.select = std::move(*select);
  if (o.duration || o.warmup || o.max_requests) return o;
  report(ctx, item.at, "at least one of duration, max_requests, warmup", describe(item.node));
  return std::nullopt;
}

std::optional<ProfileSpec> build_profile(Fields& fields, const Item& item, ReadContext& ctx) {
  auto name = take<std::string>(fields, Key::profile_name);
  auto files = take<std::vector<fs::path>>(fields, Key::profile_files);
  auto options = take<OptionList>(fields, Key::profile_options);
  if (!name || !files || !options) return std::nullopt;
  ProfileSpec profile{std::move(*name), std::move(*files), std::move(*options),
                      ctx.line(item.node)};
  if (const auto eq = fields.find(Key::profile_equalize); eq != fields.end()) {
    profile.equalize_line = eq->second.line;
    profile.equalize = std::get<std::vector<std::string>>(eq->second.value);
  }
  return profile;
}

// The value of `node` read as `spec` says; nullopt after reporting every problem in it.
std::optional<Value> convert(const OptionSpec& spec, const YAML::Node& node, const Where& at,
                             ReadContext& ctx) {
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
    case Kind::duration_or_steady:
      return as_value(to_duration_or_steady(spec, node, at, ctx));
    case Kind::exclude_list:
      return as_value(to_entries<CellSelector>(spec, Level::exclude, std::nullopt, node, at, ctx,
                                               build_exclude));
    case Kind::include_list:
      return as_value(to_entries<RunLengthOverride>(spec, Level::include, std::nullopt, node, at,
                                                    ctx, build_include));
    case Kind::host_list:
      return as_value(
          to_entries<HostSpec>(spec, Level::host, Key::host_name, node, at, ctx, build_host));
    case Kind::file:
      return as_value(to_existing(expected_text(spec), fs::file_type::regular, node, at, ctx));
    case Kind::ssh_destination:
      return as_value(to_ssh_destination(spec, node, at, ctx));
    case Kind::host_path:
      return as_value(to_host_path(spec, node, at, ctx));
    case Kind::text:
      return as_value(to_text(spec, node, at, ctx));
    case Kind::text_list:
      return as_value(to_text_list(spec, node, at, ctx));
    case Kind::entry_list:
      return as_value(to_entry_list(spec, node, at, ctx));
    case Kind::workload_list:
      return as_value(to_workload_list(spec, node, at, ctx));
  }
  return std::nullopt;
}

void convert_into(Fields& fields, const OptionSpec& spec, const YAML::Node& node, const Where& at,
                  bool given, ReadContext& ctx) {
  if (auto value = convert(spec, node, at, ctx))
    fields.insert_or_assign(spec.key, Field{std::move(*value), at.line, given});
}

// The table's default for `spec`, read like user input (defaults are valid: option_table_test).
void convert_default(Fields& fields, const OptionSpec& spec, const std::string& path,
                     ReadContext& ctx) {
  ReadContext quiet{ctx.problems, ctx.base_dir, true, nullptr, ctx.source_dir};
  const YAML::Node node = YAML::Load(std::string(spec.default_yaml));
  convert_into(fields, spec, node, {child_path(path, spec.name), 0}, false, quiet);
}

// The command line's value for `spec` in `map` (versus run --set, --server), if it gives one.
const CommandLineValue* command_line_value(const YAML::Node& map, Level level,
                                           const OptionSpec& spec, const ReadContext& ctx) {
  if (ctx.command_line == nullptr) return nullptr;
  if (level == Level::top) {
    auto it = ctx.command_line->top.find(spec.key);
    return it == ctx.command_line->top.end() ? nullptr : &it->second;
  }
  if (spec.key != Key::server_basedir) return nullptr;
  const YAML::Node name = map["name"];  // a const map's missing key is an invalid node
  if (!name.IsDefined() || !name.IsScalar()) return nullptr;
  auto it = ctx.command_line->basedirs.find(name.Scalar());
  return it == ctx.command_line->basedirs.end() ? nullptr : &it->second;
}

// Converts a command-line value; its problems go to its own collector, without a line.
void convert_command_line(Fields& fields, const OptionSpec& spec, const CommandLineValue& value,
                          const ReadContext& ctx) {
  ReadContext own{*value.problems, ctx.base_dir, true, ctx.command_line, ctx.source_dir};
  convert_into(fields, spec, value.value, {"", 0}, true, own);
}

std::string missing_text(const OptionSpec& spec) {
  std::string text = "missing required key " + quote(spec.name);
  if (spec.key == Key::server_basedir) text += " (in the file or with --server NAME=BASEDIR)";
  return text;
}

}  // namespace

// Every key of `level` from `map`, given or defaulted; reports missing required keys.
Fields read_fields(const YAML::Node& map, Level level, const std::string& path, ReadContext& ctx) {
  Fields fields;
  const std::vector<Entry> given = known_entries(map, level, path, ctx);
  for (const OptionSpec* spec : options_at(level)) {
    auto it =
        std::find_if(given.begin(), given.end(), [&](const Entry& e) { return e.spec == spec; });
    if (const CommandLineValue* value = command_line_value(map, level, *spec, ctx))
      convert_command_line(fields, *spec, *value, ctx);
    else if (it != given.end())
      convert_into(fields, *spec, it->value, {child_path(path, spec->name), it->line}, true, ctx);
    else if (spec->required)
      ctx.problems.add(ctx.line(map), path, missing_text(*spec));
    else if (!spec->default_yaml.empty())
      convert_default(fields, *spec, path, ctx);
  }
  return fields;
}

}  // namespace versus::config
