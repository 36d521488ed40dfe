#include "util/elf_interp.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <vector>

namespace versus {
namespace fs = std::filesystem;

namespace {

// A file descriptor closed with its scope.
struct ElfFd {
  int fd = -1;
  ~ElfFd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string elf_errno_text() {
  return std::strerror(errno);
}

// Exactly `size` bytes at `offset`, or false (short file, or a read error: errno says).
bool elf_read_at(int fd, void* into, std::size_t size, std::uint64_t offset) {
  auto* out = static_cast<char*>(into);
  while (size > 0) {
    const ssize_t n = ::pread(fd, out, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = 0;
      return false;
    }
    out += n;
    size -= static_cast<std::size_t>(n);
    offset += static_cast<std::uint64_t>(n);
  }
  return true;
}

// The program headers' table of either class, as (type, offset, filesz) rows.
struct SegmentRow {
  std::uint32_t type;
  std::uint64_t offset, filesz;
};

template <class Ehdr, class Phdr>
Expected<std::vector<SegmentRow>> segments_of(int fd, const fs::path& file) {
  Ehdr eh;
  if (!elf_read_at(fd, &eh, sizeof eh, 0)) return fail(file.string() + ": a truncated ELF header");
  if (eh.e_phnum == 0) return std::vector<SegmentRow>{};
  if (eh.e_phentsize != sizeof(Phdr) || eh.e_phnum == PN_XNUM)
    return fail(file.string() + ": an ELF program header table it cannot read");
  std::vector<Phdr> table(eh.e_phnum);
  if (!elf_read_at(fd, table.data(), sizeof(Phdr) * table.size(), eh.e_phoff))
    return fail(file.string() + ": a truncated ELF program header table");
  std::vector<SegmentRow> rows;
  for (const Phdr& ph : table) rows.push_back({ph.p_type, ph.p_offset, ph.p_filesz});
  return rows;
}

Expected<std::vector<SegmentRow>> elf_segments(int fd, const fs::path& file, bool& is_elf) {
  unsigned char ident[EI_NIDENT] = {};
  is_elf = elf_read_at(fd, ident, sizeof ident, 0) && std::memcmp(ident, ELFMAG, SELFMAG) == 0;
  if (!is_elf) return std::vector<SegmentRow>{};
  const int native = std::endian::native == std::endian::little ? ELFDATA2LSB : ELFDATA2MSB;
  if (ident[EI_DATA] != native) return fail(file.string() + ": an ELF file of another byte order");
  if (ident[EI_CLASS] == ELFCLASS64) return segments_of<Elf64_Ehdr, Elf64_Phdr>(fd, file);
  if (ident[EI_CLASS] == ELFCLASS32) return segments_of<Elf32_Ehdr, Elf32_Phdr>(fd, file);
  return fail(file.string() + ": an ELF file of an unknown class");
}

// PATH_MAX: the kernel refuses a longer PT_INTERP.
constexpr std::uint64_t kMaxInterpBytes = 4096;

Expected<std::optional<ElfInterp>> interp_segment_of(int fd, const fs::path& file) {
  bool is_elf = false;
  auto rows = elf_segments(fd, file, is_elf);
  if (!rows) return fail(rows.error());
  for (const SegmentRow& row : *rows) {
    if (row.type != PT_INTERP) continue;
    if (row.filesz == 0 || row.filesz > kMaxInterpBytes)
      return fail(file.string() + ": a PT_INTERP of " + std::to_string(row.filesz) + " bytes");
    std::string bytes(row.filesz, '\0');
    if (!elf_read_at(fd, bytes.data(), bytes.size(), row.offset))
      return fail(file.string() + ": its PT_INTERP lies past the file's end");
    const auto nul = bytes.find('\0');
    if (nul == std::string::npos) return fail(file.string() + ": its PT_INTERP has no NUL");
    return std::optional<ElfInterp>(ElfInterp{bytes.substr(0, nul), row.offset, row.filesz});
  }
  return std::optional<ElfInterp>();
}

}  // namespace

Expected<std::optional<ElfInterp>> read_elf_interp(const fs::path& file) {
  ElfFd f{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0) return fail("cannot read " + file.string() + ": " + elf_errno_text());
  return interp_segment_of(f.fd, file);
}

Expected<void> write_elf_interp(const fs::path& file, const std::string& path) {
  ElfFd f{::open(file.c_str(), O_RDWR | O_CLOEXEC)};
  if (f.fd < 0) return fail("cannot write " + file.string() + ": " + elf_errno_text());
  auto now = interp_segment_of(f.fd, file);
  if (!now) return fail(now.error());
  if (!*now) return fail(file.string() + ": it has no PT_INTERP (no loader path) to rewrite");
  const ElfInterp& slot = **now;
  if (path.empty() || path.find('\0') != std::string::npos || path.size() + 1 > slot.room)
    return fail(file.string() + ": its loader path (PT_INTERP) has room for " +
                std::to_string(slot.room - 1) + " bytes; " + path + " needs " +
                std::to_string(path.size()));
  std::string bytes = path;
  bytes.resize(slot.room, '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::pwrite(f.fd, bytes.data() + done, bytes.size() - done,
                               static_cast<off_t>(slot.offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("cannot write " + file.string() + ": " + elf_errno_text());
    done += static_cast<std::size_t>(n);
  }
  return {};
}

}  // namespace versus
