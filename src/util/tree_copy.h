#pragma once
// TreeCopy: a recursive copy of a directory that shares the files' blocks where the file system
// can (a reflink clone: the FICLONE ioctl on XFS, Btrfs, bcachefs, ...), else lets the kernel
// copy them (copy_file_range, which may itself share blocks, e.g. on NFS 4.2), else copies
// through user space. A cell restores a loaded datadir this way: at millions of rows a clone
// takes milliseconds where a copy takes seconds.
#include <filesystem>

#include "util/expected.h"

namespace versus {

// How the files of the last copy_tree were copied, the slowest way any one file took.
enum class CopyMethod { clone, kernel_copy, plain_copy };

// Replaces `to` with a copy of the directory `from` (regular files, directories and symbolic
// links; permissions kept). Fails naming the file that could not be copied.
Expected<CopyMethod> copy_tree(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace versus
