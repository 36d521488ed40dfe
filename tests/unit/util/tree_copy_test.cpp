#include "util/tree_copy.h"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace {
std::string contents(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("copy_tree: files, directories, links and modes; replaces the target", "[util]") {
  versus::testing::TempDir dir;
  const fs::path from = dir.path() / "from", to = dir.path() / "to";
  fs::create_directories(from / "sbtest");
  std::ofstream(from / "ibdata1") << std::string(100000, 'x');
  std::ofstream(from / "sbtest" / "sbtest1.ibd") << "rows";
  fs::permissions(from / "sbtest" / "sbtest1.ibd", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink("ibdata1", from / "link");
  fs::create_directories(to / "stale");  // replaced, not merged
  auto method = versus::copy_tree(from, to);
  REQUIRE(method);
  CHECK(contents(to / "ibdata1") == std::string(100000, 'x'));
  CHECK(contents(to / "sbtest" / "sbtest1.ibd") == "rows");
  CHECK(fs::status(to / "sbtest" / "sbtest1.ibd").permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write));
  CHECK(fs::read_symlink(to / "link") == "ibdata1");
  CHECK_FALSE(fs::exists(to / "stale"));
  // Changing the copy leaves the snapshot as it was (a clone is copy-on-write).
  std::ofstream(to / "ibdata1") << "changed";
  CHECK(contents(from / "ibdata1") == std::string(100000, 'x'));
}

TEST_CASE("copy_tree: a missing source fails naming it", "[util]") {
  versus::testing::TempDir dir;
  auto method = versus::copy_tree(dir.path() / "missing", dir.path() / "to");
  REQUIRE_FALSE(method);
  CHECK_THAT(method.error().message, Catch::Contains("missing"));
}
