#pragma once
// A release tree scripts/fetch-releases.sh staged: releases/<name>/, its basedir usr/ and its
// stamp .versus-release beside it (suite, version, the path it was patched for, and
// relocatable=yes from the script that writes library paths relative to the executables).
// Such a tree's executables find its libraries wherever it lies; only their loader's path
// (PT_INTERP, when the tree brings its own loader) names where it lies, and the script leaves
// room there, so a copy elsewhere (the agent's, on a database host: docs/remote.md) is made to
// run by rewriting that path in place, with nothing installed there.
#include <filesystem>
#include <optional>
#include <string>

#include "util/expected.h"

namespace versus::server {

inline constexpr const char* kFetchedStamp = ".versus-release";

struct FetchedStamp {
  std::string suite, version;
  std::filesystem::path patched_for;  // the tree's path its executables' loader path names
  bool relocatable = false;           // relocatable=yes
};

// The stamp's lines; missing ones stay empty. Pure.
FetchedStamp parse_fetched_stamp(const std::string& text);
// `text` with its patched_for line naming `now` (appended when it has none). Pure.
std::string stamp_patched_for(const std::string& text, const std::filesystem::path& now);

// The tree `basedir` belongs to (its parent, when that holds the stamp), else nullopt.
std::optional<std::filesystem::path> fetched_tree_of(const std::filesystem::path& basedir);

// The loader path `interp` of an executable patched for the tree at `was`, for a copy of the
// tree at `now`: `now` joined with the same path inside the tree; nullopt when `interp` names
// no path inside `was` (the system's loader). Lexical: the script's padding slashes and any
// `.`/`..` are resolved first. Pure.
std::optional<std::string> relocated_interp(const std::string& interp,
                                            const std::filesystem::path& was,
                                            const std::filesystem::path& now);

// Makes the tree at `tree` run at `lands_at` (where it is renamed to next, or `tree` itself):
// every executable under usr/bin and usr/sbin (the files the script patched) whose loader path
// names the stamp's patched_for gets the same loader under `lands_at`, then the stamp's
// patched_for says `lands_at` (written last, atomically). Idempotent: a file already naming
// `lands_at` is left, so a copy interrupted half way is finished by the next call. Returns how
// many files it rewrote. An error names the file: a tree patched with absolute library paths
// (no relocatable=yes), a loader the copy lacks, a loader path longer than the room left.
Expected<int> relocate_fetched_tree(const std::filesystem::path& tree,
                                    const std::filesystem::path& lands_at);

}  // namespace versus::server
