#include "util/subprocess.h"

#include <pthread.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <string>

using versus::last_lines;
using versus::run_capture;

namespace {}  // namespace

TEST_CASE("last_lines: the last n lines", "[util][subprocess]") {
  CHECK(last_lines("a\nb\nc", 2) == "b\nc");
  CHECK(last_lines("a\nb\nc", 1) == "c");
  CHECK(last_lines("a\nb\nc", 3) == "a\nb\nc");
  CHECK(last_lines("l1\nl2\nl3\nl4\nl5\n", 2) == "l4\nl5");
}

TEST_CASE("last_lines: fewer lines than n gives all of them", "[util][subprocess]") {
  CHECK(last_lines("a\nb", 5) == "a\nb");
  CHECK(last_lines("only", 10) == "only");
}

TEST_CASE("last_lines: trailing newlines are dropped", "[util][subprocess]") {
  CHECK(last_lines("a\nb\nc\n\n\n", 1) == "c");
  CHECK(last_lines("a\nb\nc\n", 2) == "b\nc");
  CHECK(last_lines("a\n\nb", 2) == "\nb");  // an empty line in the middle counts
}

TEST_CASE("last_lines: empty text", "[util][subprocess]") {
  CHECK(last_lines("", 3).empty());
  CHECK(last_lines("\n\n\n", 2).empty());
}

// Regression (fixed): n == 0 computes substr(size + 1) and throws std::out_of_range.
TEST_CASE("last_lines: zero lines is empty", "[util][subprocess]") {
  std::string got = "unset";
  CHECK_NOTHROW(got = last_lines("abc\ndef", 0));
  CHECK(got.empty());
}

// Regression (fixed): a newline at position 0 is mistaken for "no newline found", so the leading
// empty line is returned too.
TEST_CASE("last_lines: a leading empty line is not part of the last line", "[util][subprocess]") {
  CHECK(last_lines("\nabc", 1) == "abc");
}

TEST_CASE("error_excerpt: the error lines, when there are any", "[util][subprocess]") {
  const std::string log =
      "2024-01-01 0 [Note] starting\n"
      "2024-01-01 0 [ERROR] Can't open the mysql.plugin table\n"
      "2024-01-01 0 [Note] InnoDB: shutting down\n"
      "2024-01-01 0 [ERROR] Aborting\n"
      "2024-01-01 0 [Note] done\n";
  CHECK(versus::error_excerpt(log, 10) ==
        "2024-01-01 0 [ERROR] Can't open the mysql.plugin table\n2024-01-01 0 [ERROR] Aborting");
  CHECK(versus::error_excerpt(log, 1) == "2024-01-01 0 [ERROR] Aborting");
  CHECK(versus::error_excerpt("a\nERROR: 1045 access denied\nb\n", 5) ==
        "ERROR: 1045 access denied");
}

TEST_CASE("error_excerpt: the last lines when nothing says ERROR", "[util][subprocess]") {
  CHECK(versus::error_excerpt("one\ntwo\nthree\n", 2) == "two\nthree");
  CHECK(versus::error_excerpt("", 3).empty());
}

TEST_CASE("run_capture: captures stdout", "[util][subprocess]") {
  auto out = run_capture("/bin/echo", {"hello", "world"});
  REQUIRE(out.has_value());
  CHECK(*out == "hello world\n");
}

TEST_CASE("run_capture: arguments are not seen by a shell", "[util][subprocess]") {
  auto out = run_capture("/bin/echo", {"$HOME", "a  b", "*", ";", "`id`"});
  REQUIRE(out.has_value());
  CHECK(*out == "$HOME a  b * ; `id`\n");
}

TEST_CASE("run_capture: captures stderr too", "[util][subprocess]") {
  auto out = run_capture("/bin/sh", {"-c", "echo to-out; echo to-err >&2"});
  REQUIRE(out.has_value());
  CHECK_THAT(*out, Catch::Contains("to-out\n"));
  CHECK_THAT(*out, Catch::Contains("to-err\n"));
}

TEST_CASE("run_capture: a non-zero exit fails with its status", "[util][subprocess]") {
  auto out = run_capture("/bin/false", {});
  REQUIRE_FALSE(out.has_value());
  CHECK_THAT(out.error().message, Catch::StartsWith("false exited with status 1"));
}

TEST_CASE("run_capture: the failure quotes the last 10 lines of output", "[util][subprocess]") {
  auto out = run_capture("/bin/sh", {"-c",
                                     "i=1; while [ $i -le 30 ]; do echo line$i; "
                                     "i=$((i+1)); done; exit 3"});
  REQUIRE_FALSE(out.has_value());
  const auto& m = out.error().message;
  CHECK_THAT(m, Catch::StartsWith("sh exited with status 3:"));
  CHECK_THAT(m, Catch::EndsWith("line21\nline22\nline23\nline24\nline25\nline26\nline27\nline28\n"
                                "line29\nline30"));
  CHECK_THAT(m, !Catch::Contains("line20"));
}

TEST_CASE("run_capture: a missing program fails", "[util][subprocess]") {
  auto out = run_capture("/nonexistent/versus-no-such-program", {});
  REQUIRE_FALSE(out.has_value());
  CHECK_THAT(out.error().message, Catch::Contains("versus-no-such-program"));
}

// Regression (fixed): run_capture reads the child's output to EOF before it waits with the timeout,
// so a child that keeps its output open (here: sleep) is waited for in full and succeeds.
TEST_CASE("run_capture: a child outliving the timeout fails", "[util][subprocess]") {
  using namespace std::chrono_literals;
  auto out = run_capture("/bin/sleep", {"5"}, 200ms);
  REQUIRE_FALSE(out.has_value());
  CHECK_THAT(out.error().message, Catch::Contains("did not finish within 200 ms"));
}
