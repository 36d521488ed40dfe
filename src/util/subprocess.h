#pragma once
// Short-lived child processes run from argument vectors (never through a shell).
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "util/expected.h"

namespace versus {

// Runs exe with args, waits, returns stdout+stderr. Fails on a non-zero exit,
// quoting the output's last lines. Gives up (killing the child) after `timeout`.
Expected<std::string> run_capture(const std::filesystem::path& exe,
                                  const std::vector<std::string>& args,
                                  std::chrono::milliseconds timeout = std::chrono::seconds(120));

// The last `n` lines of text (all of it when shorter).
std::string last_lines(std::string_view text, int n);

// Empty when `path` is safe to hand to the releases' own shell scripts (mysqld_safe and
// mariadb-install-db word-split their arguments); else why not. versus itself never runs
// a shell, but those scripts do.
std::string shell_script_hazard(const std::filesystem::path& path);

// What a server said about why it failed: its last `n` lines holding "[ERROR]" or
// "ERROR:" (those say why), else its last `n` lines.
std::string error_excerpt(std::string_view text, int n);

}  // namespace versus
