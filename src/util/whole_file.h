#pragma once
// Whole files: read at once, and replaced atomically (results.json, report files, variables),
// so a reader never sees half a file, even after a crash or a full disk.
#include <filesystem>
#include <string>

#include "util/expected.h"

namespace versus {

// The file's bytes; the error names the file.
Expected<std::string> read_whole_file(const std::filesystem::path& file);

// Replaces `target` with `contents`: writes <target>.tmp, fsyncs it, renames it over
// target and fsyncs the directory. Never leaves a partial target; removes the .tmp on error.
Expected<void> write_file_atomically(const std::filesystem::path& target,
                                     const std::string& contents);

}  // namespace versus
