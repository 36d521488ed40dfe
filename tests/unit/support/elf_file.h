// A minimal ELF file for tests of what reads and rewrites an executable's loader path: a
// 64-bit header of this machine's byte order and, when `room` > 0, one PT_INTERP segment of
// `room` bytes holding `interp` and NULs. Nothing runs it.
#pragma once

#include <elf.h>

#include <cstring>
#include <string>

namespace versus::testing {

inline std::string synthetic_elf(const std::string& interp, std::size_t room) {
  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_VERSION] = EV_CURRENT;
  eh.e_type = ET_EXEC;
  eh.e_machine = EM_X86_64;
  eh.e_version = EV_CURRENT;
  eh.e_ehsize = sizeof eh;
  eh.e_phentsize = sizeof(Elf64_Phdr);
  eh.e_phnum = room > 0 ? 1 : 0;
  eh.e_phoff = room > 0 ? sizeof eh : 0;
  std::string bytes(reinterpret_cast<const char*>(&eh), sizeof eh);
  if (room == 0) return bytes;
  Elf64_Phdr ph{};
  ph.p_type = PT_INTERP;
  ph.p_offset = sizeof eh + sizeof ph;
  ph.p_filesz = ph.p_memsz = room;
  bytes.append(reinterpret_cast<const char*>(&ph), sizeof ph);
  std::string segment = interp;
  segment.resize(room, '\0');
  return bytes + segment + "rest of the file";
}

}  // namespace versus::testing
