#include "util/whole_file.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "support/temp_dir.h"

namespace fs = std::filesystem;
using versus::read_whole_file;
using versus::write_file_atomically;

TEST_CASE("write_file_atomically replaces a file whole and leaves no temp file", "[util]") {
  versus::testing::TempDir dir;
  const fs::path file = dir.path() / "out.txt";
  REQUIRE(write_file_atomically(file, "first\n"));
  REQUIRE(write_file_atomically(file, std::string(100000, 'x')));
  auto back = read_whole_file(file);
  REQUIRE(back);
  CHECK(*back == std::string(100000, 'x'));
  CHECK_FALSE(fs::exists(dir.path() / "out.txt.tmp"));
}

TEST_CASE("write_file_atomically into a missing directory fails, naming the file", "[util]") {
  versus::testing::TempDir dir;
  const fs::path file = dir.path() / "missing" / "out.txt";
  auto ok = write_file_atomically(file, "x");
  REQUIRE_FALSE(ok);
  CHECK(ok.error().message.find((dir.path() / "missing" / "out.txt.tmp").string()) !=
        std::string::npos);
  CHECK_FALSE(fs::exists(file));
}

TEST_CASE("read_whole_file of a missing file names it", "[util]") {
  versus::testing::TempDir dir;
  auto text = read_whole_file(dir.path() / "nothing.json");
  REQUIRE_FALSE(text);
  CHECK(text.error().message.find("nothing.json: cannot open") != std::string::npos);
}
