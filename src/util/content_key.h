#pragma once
// ContentKey: a name for what a file or a directory tree holds, so a copy of it on another host
// can be found again by its content (the agent's bundle, a release's basedir). Covers every
// entry's path relative to the root, its type, a symlink's target and a file's bytes, in path
// order; mtimes and owners do not count. 32 hex digits (two 64-bit hashes of libstdc++'s
// _Hash_bytes, stable for one build of versus, which is what the copies are keyed for).
#include <filesystem>
#include <string>

#include "util/expected.h"

namespace versus {

Expected<std::string> content_key(const std::filesystem::path& root);

}  // namespace versus
