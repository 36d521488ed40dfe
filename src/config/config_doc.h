#pragma once
// The matrix file reference, generated from option_table.h so it cannot drift from the parser.
#include <string>

namespace versus::config {

// Markdown reference: intro, one table per level (top level, servers[], profiles[]), the value
// syntax (durations, lists, names, paths, my.cnf options) and the error format.
// docs/config.md is exactly this text (config_doc_test checks).
std::string render_config_doc();

// The same keys, compact, for a terminal (`--help`); lines stay under 100 columns.
std::string render_config_help();

}  // namespace versus::config
