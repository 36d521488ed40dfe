#include "server/fetched_tree.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "shared/files.h"
#include "support/elf_file.h"
#include "support/temp_dir.h"
#include "util/elf_interp.h"

namespace fs = std::filesystem;
using namespace versus::server;
using versus::testing::synthetic_elf;
using versus::testing::TempDir;
using versus::testing::text_of;

namespace {
const std::string kWas = "/work/releases/mysql-9.7.4";
const std::string kLoader = "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2";
const std::string kLands = "/srv/versus/releases/0123456789abcdef0123456789abcdef";

// As scripts/fetch-releases.sh leaves it: the padded loader path (512 bytes with its NUL).
std::string padded_interp(const std::string& path) {
  return std::string(511 - path.size(), '/') + path;
}

std::string interp_in(const fs::path& file) {
  return (*versus::read_elf_interp(file))->path;
}

// A tree as it arrives on a host: its server on the tree's loader, a client on the system's, a
// script, a symlink, the loader itself and the stamp.
void arrived_tree(const TempDir& dir, const std::string& stamp) {
  dir.write("usr/sbin/mysqld", synthetic_elf(padded_interp(kWas + kLoader), 512));
  dir.write("usr/bin/mysql", synthetic_elf("/lib64/ld-linux-x86-64.so.2", 28));
  dir.write("usr/bin/mysqld_safe", "#!/bin/sh\n");
  fs::create_symlink("../sbin/mysqld", dir.path() / "usr/bin/mysqld");
  dir.write("usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "a loader");
  dir.write(".versus-release", stamp);
}
}  // namespace

TEST_CASE("fetched_tree: the stamp read and its patched_for replaced", "[server][fetched]") {
  const std::string text =
      "suite=sid\nversion=9.7.4-2\npatched_for=" + kWas + "\nrelocatable=yes\n";
  const FetchedStamp stamp = parse_fetched_stamp(text);
  CHECK(stamp.suite == "sid");
  CHECK(stamp.version == "9.7.4-2");
  CHECK(stamp.patched_for == kWas);
  CHECK(stamp.relocatable);
  CHECK_FALSE(parse_fetched_stamp("suite=sid\npatched_for=/x\n").relocatable);  // an older script's
  CHECK_FALSE(parse_fetched_stamp("relocatable=no\n").relocatable);
  CHECK(stamp_patched_for(text, "/elsewhere") ==
        "suite=sid\nversion=9.7.4-2\npatched_for=/elsewhere\nrelocatable=yes\n");
  CHECK(stamp_patched_for("suite=sid", "/e") == "suite=sid\npatched_for=/e\n");
}

TEST_CASE("fetched_tree: the loader path for a copy elsewhere", "[server][fetched]") {
  CHECK(relocated_interp(padded_interp(kWas + kLoader), kWas, kLands) == kLands + kLoader);
  CHECK(relocated_interp(kWas + kLoader, kWas + "/", kLands + "/") == kLands + kLoader);
  CHECK(relocated_interp(kLands + kLoader, kLands, kLands) == kLands + kLoader);
  // The system's loader, a sibling tree whose name starts alike, a path leaving the tree.
  CHECK_FALSE(relocated_interp("/lib64/ld-linux-x86-64.so.2", kWas, kLands));
  CHECK_FALSE(relocated_interp(kWas + "-old" + kLoader, kWas, kLands));
  CHECK_FALSE(relocated_interp(kWas + "/../other" + kLoader, kWas, kLands));
  CHECK_FALSE(relocated_interp(kWas, kWas, kLands));
  CHECK_FALSE(relocated_interp("ld.so", kWas, kLands));
}

TEST_CASE("fetched_tree: a basedir's tree is its parent holding the stamp", "[server][fetched]") {
  TempDir dir;
  fs::create_directories(dir.path() / "t/usr");
  CHECK_FALSE(fetched_tree_of(dir.path() / "t/usr"));
  dir.write("t/.versus-release", "suite=sid\n");
  CHECK(fetched_tree_of(dir.path() / "t/usr") == dir.path() / "t");
  CHECK(fetched_tree_of((dir.path() / "t/usr").string() + "/") == dir.path() / "t");
}

TEST_CASE("fetched_tree: a copy's executables name its own loader where it lands",
          "[server][fetched]") {
  TempDir dir;
  arrived_tree(dir, "suite=sid\npatched_for=" + kWas + "\nrelocatable=yes\n");
  auto done = relocate_fetched_tree(dir.path(), kLands);
  REQUIRE(done);
  CHECK(*done == 1);
  CHECK(interp_in(dir.path() / "usr/sbin/mysqld") == kLands + kLoader);
  CHECK(interp_in(dir.path() / "usr/bin/mysql") == "/lib64/ld-linux-x86-64.so.2");
  CHECK(text_of(dir.path() / "usr/bin/mysqld_safe") == "#!/bin/sh\n");
  CHECK(text_of(dir.path() / ".versus-release") ==
        "suite=sid\npatched_for=" + kLands + "\nrelocatable=yes\n");
  CHECK(*relocate_fetched_tree(dir.path(), kLands) == 0);  // done already
  // A copy interrupted before its stamp was written: finished, nothing rewritten twice.
  dir.write(".versus-release", "suite=sid\npatched_for=" + kWas + "\nrelocatable=yes\n");
  CHECK(*relocate_fetched_tree(dir.path(), kLands) == 0);
  CHECK(parse_fetched_stamp(text_of(dir.path() / ".versus-release")).patched_for == kLands);
}

TEST_CASE("fetched_tree: what cannot be relocated names the file and why", "[server][fetched]") {
  TempDir dir;
  SECTION("a tree an older script patched (absolute library paths)") {
    arrived_tree(dir, "suite=sid\npatched_for=" + kWas + "\n");
    auto r = relocate_fetched_tree(dir.path(), kLands);
    REQUIRE_FALSE(r);
    CHECK_THAT(r.error().message, Catch::StartsWith((dir.path() / ".versus-release").string()));
    CHECK_THAT(r.error().message, Catch::Contains("older scripts/fetch-releases.sh"));
  }
  SECTION("the loader missing from the copy") {
    arrived_tree(dir, "patched_for=" + kWas + "\nrelocatable=yes\n");
    fs::remove(dir.path() / "usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2");
    auto r = relocate_fetched_tree(dir.path(), kLands);
    REQUIRE_FALSE(r);
    CHECK(r.error().message == (dir.path() / "usr/sbin/mysqld").string() + ": its loader " + kWas +
                                   kLoader + " is not in the copy (" +
                                   (dir.path() / kLoader.substr(1)).string() + ")");
  }
  SECTION("a place whose path does not fit the room") {
    arrived_tree(dir, "patched_for=" + kWas + "\nrelocatable=yes\n");
    auto r = relocate_fetched_tree(dir.path(), "/" + std::string(500, 'w'));
    REQUIRE_FALSE(r);
    CHECK_THAT(r.error().message,
               Catch::StartsWith((dir.path() / "usr/sbin/mysqld").string() +
                                 ": its loader path (PT_INTERP) has room for 511 bytes; "));
    CHECK(parse_fetched_stamp(text_of(dir.path() / ".versus-release")).patched_for == kWas);
  }
}
