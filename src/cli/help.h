#pragma once
// The CLI's conventions, applied to every command once they are all declared: -v/--verbose and
// -q/--quiet, and a --help footer with the command's exit statuses and one example.
#include <CLI/CLI.hpp>
#include <string>

#include "util/log.h"

namespace versus::cli {

// Flags that every command accepts; read after parsing.
struct VerbosityFlags {
  bool verbose = false;
  bool quiet = false;
  log::Verbosity verbosity() const;
};

// Adds -v/-q to `app` and every subcommand (bound to `flags`), and each command's footer.
void apply_conventions(CLI::App& app, VerbosityFlags& flags);

// A command's full name ("history show"; "" for versus itself).
std::string command_path(const CLI::App& cmd);

}  // namespace versus::cli
