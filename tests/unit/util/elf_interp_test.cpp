#include "util/elf_interp.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "shared/files.h"
#include "support/elf_file.h"
#include "support/temp_dir.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace fs = std::filesystem;
using versus::read_elf_interp;
using versus::write_elf_interp;
using versus::testing::synthetic_elf;
using versus::testing::TempDir;

namespace {
// A symlink at a short absolute path (it must fit /bin/true's PT_INTERP), removed with it.
struct ShortLink {
  fs::path path = "/tmp/vld-" + std::to_string(::getpid());
  explicit ShortLink(const fs::path& to) {
    fs::remove(path);
    fs::create_symlink(to, path);
  }
  ~ShortLink() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};
}  // namespace

TEST_CASE("elf_interp: a real executable's loader, rewritten in place, is the one it starts with",
          "[util][elf]") {
  TempDir dir;
  const fs::path copy = dir.path() / "true";
  fs::copy_file("/bin/true", copy);
  auto before = read_elf_interp(copy);
  REQUIRE(before);
  REQUIRE(*before);
  const versus::ElfInterp slot = **before;
  CHECK(fs::path(slot.path).filename() == "ld-linux-x86-64.so.2");
  CHECK(slot.room == slot.path.size() + 1);
  const std::string original = *versus::read_whole_file(copy);

  ShortLink loader(fs::canonical(slot.path));
  REQUIRE(write_elf_interp(copy, loader.path.string()));
  auto after = read_elf_interp(copy);
  REQUIRE(after);
  REQUIRE(*after);
  CHECK((*after)->path == loader.path.string());
  CHECK((*after)->room == slot.room);
  CHECK((*after)->offset == slot.offset);
  const std::string now = *versus::read_whole_file(copy);
  REQUIRE(now.size() == original.size());
  CHECK(now.substr(0, slot.offset) == original.substr(0, slot.offset));
  CHECK(now.substr(slot.offset + slot.room) == original.substr(slot.offset + slot.room));
  CHECK(now.substr(slot.offset + loader.path.string().size(),
                   slot.room - loader.path.string().size()) ==
        std::string(slot.room - loader.path.string().size(), '\0'));
  CHECK(versus::run_capture(copy, {}));  // the kernel starts it with the new loader
  fs::remove(loader.path);
  CHECK_FALSE(versus::run_capture(copy, {}));  // ... and with no other
}

TEST_CASE("elf_interp: a path longer than the room is refused, the file untouched", "[util][elf]") {
  TempDir dir;
  const fs::path copy = dir.path() / "true";
  fs::copy_file("/bin/true", copy);
  const std::string original = *versus::read_whole_file(copy);
  const std::string longer = "/srv/versus/releases/0123456789abcdef/usr/lib/ld.so";
  auto r = write_elf_interp(copy, longer);
  REQUIRE_FALSE(r);
  CHECK_THAT(r.error().message, Catch::StartsWith(copy.string() + ": its loader path (PT_INTERP) "
                                                                  "has room for 27 bytes; "));
  CHECK_THAT(r.error().message, Catch::EndsWith(" needs " + std::to_string(longer.size())));
  CHECK(*versus::read_whole_file(copy) == original);
}

TEST_CASE("elf_interp: room left by padding is used, NULs after the path", "[util][elf]") {
  TempDir dir;
  const std::string padded = std::string(40, '/') + "old/tree/ld.so";
  auto file = dir.write("exe", synthetic_elf(padded, 64));
  auto read = read_elf_interp(file);
  REQUIRE(read);
  REQUIRE(*read);
  CHECK((*read)->path == padded);
  CHECK((*read)->room == 64);
  REQUIRE(write_elf_interp(file, "/a/much/longer/new/home/of/the/tree/ld.so"));
  CHECK((*read_elf_interp(file))->path == "/a/much/longer/new/home/of/the/tree/ld.so");
  CHECK(write_elf_interp(file, std::string(63, 'x')));
  CHECK_FALSE(write_elf_interp(file, std::string(64, 'x')));
  CHECK_FALSE(write_elf_interp(file, ""));
  CHECK(versus::testing::text_of(file).ends_with("rest of the file"));
}

TEST_CASE("elf_interp: files without a loader path, and files it cannot read", "[util][elf]") {
  TempDir dir;
  auto script = dir.write("script", "#!/bin/sh\nexit 0\n");
  auto none = read_elf_interp(script);
  REQUIRE(none);
  CHECK_FALSE(*none);
  auto library = dir.write("library", synthetic_elf("", 0));  // no program header with PT_INTERP
  REQUIRE(read_elf_interp(library));
  CHECK_FALSE(*read_elf_interp(library));
  auto r = write_elf_interp(library, "/x");
  REQUIRE_FALSE(r);
  CHECK_THAT(r.error().message, Catch::Contains("it has no PT_INTERP"));
  auto truncated = dir.write("truncated", synthetic_elf("/ld.so", 32).substr(0, 80));
  auto t = read_elf_interp(truncated);
  REQUIRE_FALSE(t);
  CHECK_THAT(t.error().message, Catch::StartsWith(truncated.string() + ": "));
  auto unterminated = dir.write("unterminated", synthetic_elf(std::string(16, 'x'), 16));
  CHECK_FALSE(read_elf_interp(unterminated));
  auto missing = read_elf_interp(dir.path() / "missing");
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error().message, Catch::Contains("missing"));
}
