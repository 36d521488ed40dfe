// `versus bench`'s command line: the replay options as CLI11 reads them (their checks before
// any plan), through add_bench_command.
#include "cli/bench_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace {

// Parses `args` after the program's name; the error CLI11 gives, "" when it parsed.
std::string bench_parse_error(std::vector<std::string> args) {
  CLI::App app("versus");
  std::function<int()> action;
  versus::cli::add_bench_command(app, action);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return action ? "" : "no action";
}

}  // namespace

TEST_CASE("bench command: --replay and its options are bench's flags", "[cli][bench_command]") {
  versus::testing::TempDir dir("versus-bench-cli");
  const std::string log = dir.write("app.log", "SELECT 1;\n").string();
  const std::string dump = dir.write("dump.sql", "CREATE TABLE t (a INT);\n").string();
  CHECK(bench_parse_error({"bench", "run", "--replay", log, "--replay-data", dump,
                           "--replay-writes", "--replay-sample", "10", "--replay-order",
                           "weighted"}) == "");
  CHECK(bench_parse_error({"bench", "run", "--replay", log, "--replay-order", "shuffled"})
            .find("--replay-order") != std::string::npos);
  CHECK(bench_parse_error({"bench", "prepare", "--replay", log}) == "");
  // Checked as they are read: files that exist, a sample in range.
  CHECK(bench_parse_error({"bench", "run", "--replay", log + ".missing"})
            .find("File does not exist") != std::string::npos);
  CHECK(bench_parse_error({"bench", "run", "--replay", log, "--replay-data", dump + ".missing"})
            .find("File does not exist") != std::string::npos);
  CHECK(bench_parse_error({"bench", "run", "--replay", log, "--replay-sample", "0"})
            .find("--replay-sample") != std::string::npos);
  CHECK(bench_parse_error({"bench", "run", "--replay", log, "--replay-sample", "1000001"}) != "");
  CHECK(bench_parse_error({"bench", "run", "--replay-writes=maybe"}) != "");
}

TEST_CASE("bench command: --help lists the replay options", "[cli][bench_command]") {
  CLI::App app("versus");
  std::function<int()> action;
  versus::cli::add_bench_command(app, action);
  const std::string help = app.get_subcommand("bench")->help();
  for (const char* flag : {"--replay ", "--replay-data", "--replay-writes", "--replay-sample",
                           "--replay-order"})
    CHECK(help.find(flag) != std::string::npos);
}
