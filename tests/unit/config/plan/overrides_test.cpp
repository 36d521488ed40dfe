// MatrixOverrides as a run directory keeps them (matrix.overrides): one line per override,
// read back the same for --resume; a missing file is no override, a foreign line an error.
#include "config/plan/overrides.h"

#include <catch2/catch.hpp>

#include "support/temp_dir.h"

using versus::config::MatrixOverrides;
using versus::config::overrides_text;
using versus::config::read_overrides_file;
using versus::testing::TempDir;

TEST_CASE("overrides: --server lines first, then --set, as given", "[config][overrides]") {
  const MatrixOverrides o{{"new=/opt/maria db 12", "old=/opt/a=b"},
                          {"duration=30s", "threads=[1, 8]"}};
  CHECK(overrides_text(o) ==
        "--server new=/opt/maria db 12\n"
        "--server old=/opt/a=b\n"
        "--set duration=30s\n"
        "--set threads=[1, 8]\n");
  CHECK(overrides_text({}).empty());
  CHECK(MatrixOverrides{}.empty());
  CHECK_FALSE(MatrixOverrides{{}, {"tables=2"}}.empty());
}

TEST_CASE("overrides: the file reads back what was written", "[config][overrides]") {
  TempDir dir("versus-overrides");
  const MatrixOverrides o{{"new=/opt/maria db 12"}, {"duration=30s", "exclude=[{threads: 8}]"}};
  const auto file = dir.write("matrix.overrides", overrides_text(o));
  auto read = read_overrides_file(file);
  REQUIRE(read.has_value());
  CHECK(read->servers == o.servers);
  CHECK(read->sets == o.sets);
}

TEST_CASE("overrides: no file is no override; empty lines are skipped", "[config][overrides]") {
  TempDir dir("versus-overrides");
  auto none = read_overrides_file(dir.path() / "matrix.overrides");
  REQUIRE(none.has_value());
  CHECK(none->empty());
  auto blank = read_overrides_file(dir.write("blank", "\n--set tables=2\n\n"));
  REQUIRE(blank.has_value());
  CHECK(blank->sets == std::vector<std::string>{"tables=2"});
}

TEST_CASE("overrides: a line of anything else names its line", "[config][overrides]") {
  TempDir dir("versus-overrides");
  const auto file = dir.write("matrix.overrides", "--set tables=2\n--sett threads=1\n");
  auto read = read_overrides_file(file);
  REQUIRE_FALSE(read.has_value());
  CHECK(read.error().message ==
        file.string() + ":2: expected '--server NAME=BASEDIR' or '--set KEY=VALUE'");
  auto directory = read_overrides_file(dir.path());
  REQUIRE_FALSE(directory.has_value());
  CHECK(directory.error().message == dir.path().string() + ": cannot read");
}
