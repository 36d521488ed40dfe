// Problems and the message helpers: how one problem line reads, their order and cap, and how a
// value is quoted, described and given a suggestion.
#include "config/reading/problems.h"

#include <catch2/catch.hpp>
#include <string>

using versus::config::describe;
using versus::config::Problems;
using versus::config::quote;
using versus::config::suggestion;

TEST_CASE("problems: source, line and path parts", "[config][problems]") {
  Problems p("m.yaml");
  CHECK(p.empty());
  p.add(3, "servers[0].name", "bad name");
  p.add(0, "--set duration", "given twice");
  p.add(4, "", "unknown key 'x'");
  p.add(0, "", "no line, no path");
  CHECK_FALSE(p.empty());
  CHECK(p.error().message ==
        "m.yaml: --set duration: given twice\n"
        "m.yaml: no line, no path\n"
        "m.yaml:3: servers[0].name: bad name\n"
        "m.yaml:4: unknown key 'x'");
}

TEST_CASE("problems: yaml-cpp's marks are 0-based, the message 1-based with a column",
          "[config][problems]") {
  Problems p("m.yaml");
  YAML::Mark mark;
  mark.line = 1;
  mark.column = 7;
  p.add_at(mark, "YAML syntax error: end of sequence flow not found");
  p.add_at(YAML::Mark::null_mark(), "somewhere");
  CHECK(p.error().message ==
        "m.yaml: somewhere\n"
        "m.yaml:2:8: YAML syntax error: end of sequence flow not found");
}

TEST_CASE("problems: line order, same-line problems in the order found", "[config][problems]") {
  Problems p("m.yaml");
  p.add(5, "", "e");
  p.add(2, "", "b");
  p.add(5, "", "f");
  p.add(2, "", "a");
  CHECK(p.error().message == "m.yaml:2: b\nm.yaml:2: a\nm.yaml:5: e\nm.yaml:5: f");
}

TEST_CASE("problems: absorbed problems keep their own source and sort with the rest",
          "[config][problems]") {
  Problems file("m.yaml"), option("--set threads");
  file.add(2, "", "in the file");
  option.add(0, "", "expected a list");
  file.absorb(option);
  CHECK(option.error().message == "--set threads: expected a list");  // the other keeps them
  CHECK(file.error().message == "--set threads: expected a list\nm.yaml:2: in the file");
}

TEST_CASE("problems: at most 50 lines, then how many more", "[config][problems]") {
  Problems p("m.yaml");
  for (int line = 60; line >= 1; --line) p.add(line, "", "p" + std::to_string(line));
  const std::string message = p.error().message;
  CHECK(std::count(message.begin(), message.end(), '\n') == 50);
  CHECK(message.rfind("m.yaml:1: p1\n", 0) == 0);  // the first lines are the ones kept
  CHECK(message.find("m.yaml:50: p50\n") != std::string::npos);
  CHECK(message.find("m.yaml:51:") == std::string::npos);
  CHECK(message.substr(message.rfind('\n') + 1) == "m.yaml: ... and 10 more problems");
  Problems exactly("m.yaml");
  for (int line = 1; line <= 50; ++line) exactly.add(line, "", "p");
  CHECK(exactly.error().message.find("more problems") == std::string::npos);
}

TEST_CASE("quote: one line, control characters escaped, long values cut", "[config][problems]") {
  CHECK(quote("") == "''");
  CHECK(quote("innodb") == "'innodb'");
  CHECK(quote("a\nb\rc\td") == "'a\\nb\\rc\\td'");
  CHECK(quote(std::string("\x01\x1f\x7f", 3)) == "'\\x01\\x1f\\x7f'");
  CHECK(quote(std::string("a\0b", 3)) == "'a\\x00b'");
  CHECK(quote("caf\xc3\xa9") == "'caf\xc3\xa9'");  // UTF-8 bytes are text, not escaped
  const std::string sixty(60, 'x');
  CHECK(quote(sixty) == "'" + sixty + "'");
  CHECK(quote(sixty + "y") == "'" + sixty + "...'");
}

TEST_CASE("describe: what a node is, for the got half of a message", "[config][problems]") {
  CHECK(describe(YAML::Load("~")) == "null");
  CHECK(describe(YAML::Load("'5s'")) == "'5s'");
  CHECK(describe(YAML::Load("[]")) == "an empty list");
  CHECK(describe(YAML::Load("[1, 2]")) == "a list");
  CHECK(describe(YAML::Load("{}")) == "an empty map");
  CHECK(describe(YAML::Load("{a: 1}")) == "a map");
  CHECK(describe(YAML::Node(YAML::NodeType::Undefined)) == "nothing");
}

TEST_CASE("suggestion: the did-you-mean part of a message, or nothing", "[config][problems]") {
  const std::vector<std::string_view> keys{"servers", "threads", "tables"};
  CHECK(suggestion("thread", keys) == " (did you mean 'threads'?)");
  CHECK(suggestion("TABLES", keys) == " (did you mean 'tables'?)");
  CHECK(suggestion("colour", keys).empty());
  CHECK(suggestion("thread", {}).empty());
}
