#pragma once
// The man page and the bash completion, generated from the declared commands (their options
// and footers, as --help prints them) and the option table (the matrix keys), so neither can
// drift from the binary. Installed by `cmake --install` (CMakeLists.txt).
#include <CLI/CLI.hpp>
#include <string>

namespace versus::cli {

// versus(1) in roff (man(7) macros): every command with its options, exit statuses and
// example, and every matrix file key (config::render_config_man).
std::string render_man(const CLI::App& app);

// A bash completion script defining _versus: subcommands, each command's options, matrix
// files (*.yaml, *.yml) for run and plan, files and directories elsewhere.
std::string render_completion(const CLI::App& app);

}  // namespace versus::cli
