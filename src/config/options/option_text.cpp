#include <chrono>

#include "config/options/duration.h"
#include "config/options/option_table.h"
#include "util/cpu_affinity.h"

// The text derived from an option's spec: --help, docs/config.md and error messages.
namespace versus::config {
namespace {

std::string join(const std::vector<std::string_view>& items, std::string_view separator) {
  std::string out;
  for (std::string_view item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

std::string name_rule() {
  return "1.." + std::to_string(kMaxNameLength) +
         " characters [A-Za-z0-9._-] starting with a letter or digit";
}

std::string cpu_list_rule() {
  return "CPU numbers 0.." + std::to_string(kMaxCpu) + " and ranges a-b, comma-separated";
}

}  // namespace

std::string_view level_title(Level level) {
  switch (level) {
    case Level::top:
      return "top level";
    case Level::server:
      return "servers[]";
    case Level::profile:
      return "profiles[]";
    case Level::exclude:
      return "exclude[]";
    case Level::include:
      return "include[]";
    case Level::host:
      return "hosts[]";
    case Level::workload_entry:
      return "workloads[]";
    case Level::workload_file:
      return "workload file";
    case Level::workload_table:
      return "tables[]";
    case Level::workload_generator:
      return "columns[] and params[]";
    case Level::workload_transaction:
      return "transactions[]";
    case Level::workload_statement:
      return "statements[]";
  }
  return "";
}

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::integer:
      return "integer";
    case Kind::integer_list:
      return "integer list";
    case Kind::duration:
      return "duration";
    case Kind::choice_list:
      return "name list";
    case Kind::name:
      return "name";
    case Kind::directory:
      return "path";
    case Kind::file_list:
      return "path list";
    case Kind::option_map:
      return "map";
    case Kind::server_list:
      return "list of maps";
    case Kind::profile_list:
      return "list of maps";
    case Kind::cpu_list:
      return "CPU list";
    case Kind::boolean:
      return "boolean";
    case Kind::choice:
      return "name";
    case Kind::fraction:
      return "number";
    case Kind::percent:
      return "percent";
    case Kind::count_or_auto:
      return "integer or auto";
    case Kind::duration_or_steady:
      return "duration or steady";
    case Kind::exclude_list:
    case Kind::include_list:
    case Kind::host_list:
      return "list of maps";
    case Kind::file:
      return "path";
    case Kind::ssh_destination:
      return "host";
    case Kind::host_path:
      return "path";
    case Kind::text:
      return "text";
    case Kind::text_list:
      return "text list";
    case Kind::entry_list:
      return "list of maps";
    case Kind::workload_list:
      return "list";
  }
  return "";
}

std::string range_text(const OptionSpec& spec) {
  using std::chrono::milliseconds;
  if (spec.kind == Kind::integer || spec.kind == Kind::integer_list ||
      spec.kind == Kind::count_or_auto)
    return std::to_string(spec.min) + ".." + std::to_string(spec.max);
  if (spec.kind == Kind::duration || spec.kind == Kind::duration_or_steady)
    return format_duration(milliseconds{spec.min}) + ".." + format_duration(milliseconds{spec.max});
  return "";
}

std::string allowed_text(const OptionSpec& spec) {
  switch (spec.kind) {
    case Kind::integer:
      return range_text(spec);
    case Kind::integer_list:
      return range_text(spec) + ", distinct";
    case Kind::duration:
      return range_text(spec);
    case Kind::choice_list:
      return join(spec.choices(), ", ") + " (distinct)";
    case Kind::name:
      return name_rule();
    case Kind::directory:
      return "existing directory";
    case Kind::file_list:
      return "existing regular files";
    case Kind::option_map:
      return "names [A-Za-z0-9_-]; values single-line scalars";
    case Kind::server_list:
      return "see servers[]";
    case Kind::profile_list:
      return "see profiles[]";
    case Kind::cpu_list:
      return cpu_list_rule();
    case Kind::boolean:
      return "true, false";
    case Kind::choice:
      return join(spec.choices(), ", ");
    case Kind::fraction:
      return "0 < value < 1";
    case Kind::percent:
      return std::to_string(spec.min) + "%.." + std::to_string(spec.max) + "%";
    case Kind::count_or_auto:
      return range_text(spec) + ", auto";
    case Kind::duration_or_steady:
      return range_text(spec) + ", steady";
    case Kind::exclude_list:
      return "see exclude[]";
    case Kind::include_list:
      return "see include[]";
    case Kind::host_list:
      return "see hosts[]";
    case Kind::file:
      return "existing regular file";
    case Kind::ssh_destination:
      return "[user@]host of [A-Za-z0-9._:-]";
    case Kind::host_path:
      return "absolute path of [A-Za-z0-9/._-]";
    case Kind::text:
      return "non-empty text";
    case Kind::text_list:
      return "one-line texts of at most 128 bytes";
    case Kind::entry_list:
      return "see " + std::string(level_title(spec.entries));
    case Kind::workload_list:
      return join(spec.choices(), ", ") + ", {file: PATH}, {replay: LOG, ...}";
  }
  return "";
}

std::string default_text(const OptionSpec& spec) {
  if (spec.required) return "required";
  return spec.default_yaml.empty() ? std::string(spec.default_note)
                                   : std::string(spec.default_yaml);
}

std::string expected_text(const OptionSpec& spec) {
  switch (spec.kind) {
    case Kind::integer:
      return "an integer " + range_text(spec);
    case Kind::integer_list:
      return "a non-empty list of distinct integers " + range_text(spec);
    case Kind::duration:
      return "a duration " + range_text(spec) + " (like 500ms, 5s, 2m, 1h, or integer seconds)";
    case Kind::choice_list:
      return "a non-empty list of: " + join(spec.choices(), ", ");
    case Kind::name:
      return "a name of " + name_rule();
    case Kind::directory:
      return "the path of an existing directory";
    case Kind::file_list:
      return "a list of paths of existing regular files";
    case Kind::option_map:
      return "a map of my.cnf option names to values";
    case Kind::server_list:
      return "a non-empty list of server maps";
    case Kind::profile_list:
      return "a non-empty list of profile maps";
    case Kind::cpu_list:
      return "a CPU list of " + cpu_list_rule();
    case Kind::boolean:
      return "true or false";
    case Kind::choice:
      return "one of " + join(spec.choices(), ", ");
    case Kind::fraction:
      return "a decimal number between 0 and 1 (exclusive)";
    case Kind::percent:
      return "a percentage " + std::to_string(spec.min) + "%.." + std::to_string(spec.max) + "%";
    case Kind::count_or_auto:
      return "an integer " + range_text(spec) + " or auto";
    case Kind::duration_or_steady:
      return "a duration " + range_text(spec) +
             " (like 500ms, 5s, 2m, 1h, or integer seconds) or steady";
    case Kind::exclude_list:
      return "a list of exclude maps";
    case Kind::include_list:
      return "a list of include maps";
    case Kind::host_list:
      return "a list of host maps";
    case Kind::file:
      return "the path of an existing regular file";
    case Kind::ssh_destination:
      return "[user@]host of [A-Za-z0-9._:-]";
    case Kind::host_path:
      return "an absolute path of [A-Za-z0-9/._-] without \"..\"";
    case Kind::text:
      return "a non-empty text";
    case Kind::text_list:
      return "a non-empty list of one-line texts of at most 128 bytes";
    case Kind::entry_list:
      return std::string(spec.required ? "a non-empty" : "a") + " list of maps";
    case Kind::workload_list:
      return "a non-empty list of: " + join(spec.choices(), ", ");
  }
  return "";
}

std::string item_expected_text(const OptionSpec& spec) {
  switch (spec.kind) {
    case Kind::integer_list:
      return "an integer " + range_text(spec);
    case Kind::choice_list:
      return "one of " + join(spec.choices(), ", ");
    case Kind::file_list:
      return "the path of an existing regular file";
    case Kind::server_list:
      return "a map with keys " + join(option_names(Level::server), ", ");
    case Kind::profile_list:
      return "a map with keys " + join(option_names(Level::profile), ", ");
    case Kind::exclude_list:
      return "a map of some of " + join(option_names(Level::exclude), ", ");
    case Kind::include_list:
      return "a map of some of " + join(option_names(Level::include), ", ");
    case Kind::host_list:
      return "a map with keys " + join(option_names(Level::host), ", ");
    case Kind::entry_list:
      return "a map with keys " + join(option_names(spec.entries), ", ");
    case Kind::text_list:
      return "a one-line text of at most 128 bytes";
    case Kind::workload_list:
      return "one of " + join(spec.choices(), ", ");
    default:
      return expected_text(spec);
  }
}

}  // namespace versus::config
