#pragma once
// Reads a workload file (YAML; its keys in the option table at the Level::workload_* levels,
// docs/workload-file.md) into a CustomWorkload, checked as far as it can be without a server:
// unknown keys (with did-you-mean), generators and the keys that apply to them, tables that
// generators name, one parameter per `?`, unique names. Every problem is reported as
//   <file>:<line>: <key path>: <what was expected and found>
// and nothing throws.
#include <filesystem>
#include <string>
#include <string_view>

#include "sysbench/custom_workload.h"
#include "util/expected.h"

namespace versus::config {

// Reads and parses `file`; its errors and CustomWorkload::source name it as given. The name
// defaults to the file's stem.
Expected<sysbench::CustomWorkload> parse_workload_file(const std::filesystem::path& file,
                                                       const std::string& shown);

// Parses workload text; `source` prefixes error messages, `default_name` is the name when
// the file gives none, and data files (csv, sql_file) resolve against `dir` (empty: the
// current directory). For tests.
Expected<sysbench::CustomWorkload> parse_workload_text(std::string_view text,
                                                       const std::string& source,
                                                       const std::string& default_name,
                                                       const std::filesystem::path& dir = {});

}  // namespace versus::config
