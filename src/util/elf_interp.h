#pragma once
// The program interpreter of an ELF executable: its PT_INTERP segment, the absolute path of the
// dynamic loader the kernel starts it with. Read, and rewritten in place: the new path must fit
// the segment's bytes (its terminating NUL included), the rest of which are filled with NULs,
// so the file's size and every other byte stay as they were. A release patched onto its own
// loader (scripts/fetch-releases.sh) leaves room there for a copy elsewhere to name its loader.
// Reads 32- and 64-bit ELF files of this machine's byte order.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "util/expected.h"

namespace versus {

struct ElfInterp {
  std::string path;          // up to the first NUL
  std::uint64_t offset = 0;  // of the segment in the file, in bytes
  std::uint64_t room = 0;    // the segment's size in the file (p_filesz), in bytes, NUL included
};

// nullopt: not an ELF file, or one without PT_INTERP (a shared library, a static executable).
// An error, naming the file: unreadable, or an ELF file it cannot read (truncated, another
// byte order, a segment without a NUL or past the file's end).
Expected<std::optional<ElfInterp>> read_elf_interp(const std::filesystem::path& file);

// Writes `path` as `file`'s PT_INTERP (read again first). An error naming the file, the room
// and what `path` needs when it does not fit, or when the file has no PT_INTERP.
Expected<void> write_elf_interp(const std::filesystem::path& file, const std::string& path);

}  // namespace versus
