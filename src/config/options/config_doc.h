#pragma once
// The matrix file reference, generated from option_table.h so it cannot drift from the parser.
#include <string>
#include <string_view>

#include "config/options/option_table.h"

namespace versus::config {

// Markdown reference: intro, one table per level (top level, servers[], profiles[]), the value
// syntax (durations, lists, names, paths, my.cnf options) and the error format.
// docs/config.md is exactly this text (config_doc_test checks).
std::string render_config_doc();

// One level's keys as a Markdown section: a heading and a table of key, type, default, allowed
// values and description.
std::string option_level_table(Level level);

// The same keys as a man page section (roff: ".SH MATRIX FILE", one .TP per key), for
// `versus docs man` (cli/man_page.h).
std::string render_config_man();

// Text as roff: backslashes and hyphens escaped, no line starting with '.' or '\''.
std::string roff_escape(std::string_view text);

}  // namespace versus::config
