#pragma once
// Reads a matrix file (YAML) into a validated Plan. Every key comes from option_table.h.
// Errors list every problem found, one per line, as
//   <source>:<line>: <key path>: expected <what>, got <what was found>
// and nothing throws: yaml-cpp's exceptions become Errors too.
#include <filesystem>
#include <string>
#include <string_view>

#include "config/plan/overrides.h"
#include "config/plan/plan.h"
#include "util/expected.h"

namespace versus::config {

// Reads `file` and parses it. Relative paths in the file (servers[].basedir, profiles[].files)
// resolve against the current working directory, not the file's directory. Plan::source and
// every error message name `file` as given. An unreadable file fails with
// "<file>: cannot read: <strerror>". `overrides` replace values of the file; their errors name
// the option ("--set duration: ...", "--server a: ...").
Expected<Plan> parse_matrix_file(const std::filesystem::path& file,
                                 const MatrixOverrides& overrides = {});

// Parses matrix text; `source_name` prefixes error messages and becomes Plan::source, and
// relative paths resolve against `base_dir` (itself made absolute against the working
// directory). For tests and the fuzzer.
Expected<Plan> parse_matrix_text(std::string_view text, const std::string& source_name,
                                 const std::filesystem::path& base_dir,
                                 const MatrixOverrides& overrides = {});

}  // namespace versus::config
