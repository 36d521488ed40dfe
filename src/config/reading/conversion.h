#pragma once
// Conversion of YAML values into typed fields, driven by the option table: which keys exist at
// each level, how each value is read and checked, and the defaults of keys not given. Every
// problem is reported into the context's Problems with file:line:key; nothing throws.
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "config/options/option_table.h"
#include "config/plan/plan.h"
#include "config/reading/problems.h"
#include "sysbench/custom_workload.h"

namespace versus::config {

// 1-based line of a node; 0 when it has no mark.
int mark_line(const YAML::Node& node);

// A value given on the command line instead of in the file: converted like the file's, its
// problems reported into its own collector (whose source names the option, "--set KEY").
struct CommandLineValue {
  YAML::Node value;
  Problems* problems = nullptr;
};

// Values of `versus run/plan --set KEY=VALUE` (top-level keys) and `--server NAME=BASEDIR`.
struct CommandLine {
  std::map<Key, CommandLineValue> top;
  std::map<std::string, CommandLineValue> basedirs;  // by server name
};

struct ReadContext {
  Problems& problems;
  std::filesystem::path base_dir;  // absolute; relative paths in the file resolve against it
  bool in_default = false;         // a table default or a command-line value: no line to point at
  const CommandLine* command_line = nullptr;  // replaces values of the file; may be null
  // Where a workload file named by the matrix ({file: PATH}) resolves from: the matrix
  // file's directory; empty = base_dir.
  std::filesystem::path source_dir{};

  int line(const YAML::Node& node) const { return in_default ? 0 : mark_line(node); }
};

// Where a value sits: its key path ("servers[1].basedir") and 1-based line.
struct Where {
  std::string path;
  int line = 0;
};

// Reports "expected <expected>, got <got>" at `at`.
void report(ReadContext& ctx, const Where& at, const std::string& expected, const std::string& got);

// One map of an entry_list, converted later at its own level (read_fields).
struct MapEntry {
  YAML::Node node;
  Where at;
};

// One item of workloads: a built-in workload, or a workload file (Workload::custom, read).
struct WorkloadEntry {
  sysbench::Workload workload = sysbench::Workload::oltp_read_write;
  std::shared_ptr<const sysbench::CustomWorkload> file;  // null for a built-in workload
};

// Converted values, keyed by the table's Key.
using OptionList = std::vector<std::pair<std::string, std::string>>;
using Value = std::variant<std::int64_t, std::vector<std::int64_t>, std::chrono::milliseconds,
                           std::vector<std::string>, std::string, std::filesystem::path,
                           std::vector<std::filesystem::path>, OptionList, std::vector<ServerSpec>,
                           std::vector<ProfileSpec>, std::vector<int>, bool, double,
                           std::vector<CellSelector>, std::vector<RunLengthOverride>,
                           std::vector<HostSpec>, std::vector<MapEntry>,
                           std::vector<WorkloadEntry>>;

struct Field {
  Value value;
  int line = 0;
  bool given = false;  // false: the table default
};
using Fields = std::map<Key, Field>;  // only keys whose value (given or default) was valid

// Moves the value of `key` out of `fields` as a T (the type its Kind converts to).
template <class T>
std::optional<T> take(Fields& fields, Key key) {
  auto it = fields.find(key);
  if (it == fields.end()) return std::nullopt;
  return std::get<T>(std::move(it->second.value));
}

// Every key of `level` from `map` (whose key path is `path`, "" at the top), given or
// defaulted; reports unknown, duplicate, missing required and invalid keys. A key whose value
// is invalid is absent from the result.
Fields read_fields(const YAML::Node& map, Level level, const std::string& path, ReadContext& ctx);

}  // namespace versus::config
