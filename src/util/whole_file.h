#pragma once
// Whole files: read at once, and replaced atomically (results.json, report files, variables),
// so a reader never sees half a file, even after a crash or a full disk.
#include <filesystem>
#include <string>

#include "util/expected.h"

namespace versus {

// The file's bytes; the error names the file. The one reader of whole files: it never throws
// (a /proc file whose process ended since it was opened fails with ESRCH, as an error value).
Expected<std::string> read_whole_file(const std::filesystem::path& file);
// The rest of an open file descriptor's bytes (read_whole_file's second half); `file` names
// it in the error. Does not close `fd`.
Expected<std::string> read_open_file(int fd, const std::filesystem::path& file);

// Replaces `target` with `contents`: writes <target>.tmp, fsyncs it, renames it over
// target and fsyncs the directory. Never leaves a partial target; removes the .tmp on error.
Expected<void> write_file_atomically(const std::filesystem::path& target,
                                     const std::string& contents);

}  // namespace versus
