// read_root_map: the one YAML document of a matrix file, its root a map; everything else is a
// problem named with file:line (and the column, for yaml-cpp's own errors), never an exception.
#include "config/reading/yaml_document.h"

#include <catch2/catch.hpp>
#include <string>

using versus::config::Problems;
using versus::config::read_root_map;

namespace {

// The problems `text` has (fails the test when it reads as a root map).
std::string document_problems(const std::string& text) {
  Problems problems("m.yaml");
  auto root = read_root_map(text, problems);
  CHECK_FALSE(root.has_value());
  REQUIRE_FALSE(problems.empty());
  return problems.error().message;
}

const std::string kDocumentNotMap =
    "m.yaml:1: expected a map of matrix keys (at least 'servers'), got ";

}  // namespace

TEST_CASE("yaml document: the root map, its keys in file order", "[config][yaml_document]") {
  for (const std::string& text :
       {std::string("servers: [a]\nthreads: [1, 2]\n"),
        std::string("---\nservers: [a]\nthreads: [1, 2]\n"),
        std::string("servers: [a]\nthreads: [1, 2]\n...\n"),
        std::string("# a comment\n\nservers: [a]\r\nthreads: [1, 2]\r\n")}) {
    INFO(text);
    Problems problems("m.yaml");
    auto root = read_root_map(text, problems);
    CHECK(problems.empty());
    REQUIRE(root.has_value());
    REQUIRE(root->IsMap());
    CHECK(root->size() == 2);
    CHECK(root->begin()->first.Scalar() == "servers");
    CHECK((*root)["threads"][1].as<int>() == 2);
  }
}

TEST_CASE("yaml document: an empty file, or comments only", "[config][yaml_document]") {
  CHECK(document_problems("") == kDocumentNotMap + "an empty file");
  CHECK(document_problems("# nothing but a comment\n\n") == kDocumentNotMap + "an empty file");
  CHECK(document_problems("---\n") == kDocumentNotMap + "an empty file");
  CHECK(document_problems("~\n") == kDocumentNotMap + "an empty file");
}

TEST_CASE("yaml document: a root that is not a map, at its line", "[config][yaml_document]") {
  CHECK(document_problems("- a\n- b\n") == kDocumentNotMap + "a list");
  CHECK(document_problems("\nhello\n") ==
        "m.yaml:2: expected a map of matrix keys (at least 'servers'), got 'hello'");
}

TEST_CASE("yaml document: a second document, after --- or ...", "[config][yaml_document]") {
  const std::string first = "servers: [a]\n";
  CHECK(document_problems(first + "---\nthreads: 1\n") ==
        "m.yaml:2: expected a single YAML document, got a second one");
  CHECK(document_problems(first + "...\nthreads: 1\n") ==
        "m.yaml:3: expected a single YAML document, got a second one");
  CHECK(document_problems("---\n" + first + "---\n") ==
        "m.yaml:3: expected a single YAML document, got a second one");
}

TEST_CASE("yaml document: a stray token is a syntax error, not a hang", "[config][yaml_document]") {
  // yaml-cpp 0.7's LoadAll() loops forever on these (jbeder/yaml-cpp#1319).
  CHECK(document_problems(",") == "m.yaml:1:1: YAML syntax error: unexpected ','");
  CHECK(document_problems(",\x8a") == "m.yaml:1:1: YAML syntax error: unexpected ','");
}

TEST_CASE("yaml document: yaml-cpp's syntax errors carry line and column",
          "[config][yaml_document]") {
  CHECK(document_problems("servers: [a, b\nthreads: 1\n") ==
        "m.yaml:2:8: YAML syntax error: end of sequence flow not found");
  CHECK(document_problems("servers: [a]\nthreads: *nowhere\n").rfind("m.yaml:2:", 0) == 0);
}

TEST_CASE("yaml document: tabs in indentation, every line, and nothing else then",
          "[config][yaml_document]") {
  // Line 4's tab is in a comment, line 5's after the indentation: neither is reported. The
  // syntax error on line 6 is not reported either: the tabs stop the reading first.
  CHECK(document_problems("servers:\n\t- name: a\n  \t  basedir: x\n  # a\ttab\n"
                          "threads:\t[1]\n  [\n") ==
        "m.yaml:2: tab character in indentation (YAML needs spaces)\n"
        "m.yaml:3: tab character in indentation (YAML needs spaces)");
  CHECK(document_problems("servers: [a]\n\t\n\t# comment\n \t\r\nthreads: [1]\n\tx: 1\n") ==
        "m.yaml:6: tab character in indentation (YAML needs spaces)");
}
