#include "load/family/replay/statement_file.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

using versus::load::replay::LoggedQuery;
using versus::load::replay::StatementFileReader;

namespace {
std::vector<std::string> texts_with_lines(const std::string& file) {
  std::istringstream in(file);
  StatementFileReader reader(in, "queries.sql");
  std::vector<std::string> out;
  for (;;) {
    auto q = reader.next();
    INFO((q ? std::string() : q.error().message));
    REQUIRE(q.has_value());
    if (!*q) return out;
    CHECK((*q)->connection == 0);
    out.push_back(std::to_string((*q)->line) + ": " + (*q)->text);
  }
}
using V = std::vector<std::string>;
}  // namespace

TEST_CASE("statement file: statements end at a ';' ending a line, outside quotes and comments",
          "[replay][statement_file]") {
  CHECK(texts_with_lines("SELECT 1;\n"
                         "SELECT 'a;\n"
                         "b' FROM t;\n"
                         "-- a comment;\n"
                         "SELECT 2 /* x;\n"
                         "y */ FROM u;  \n"
                         "SELECT 3; SELECT 4;\n"
                         "\n"
                         "SELECT 5") == V{"1: SELECT 1", "2: SELECT 'a;\nb' FROM t",
                                          "5: -- a comment;\nSELECT 2 /* x;\ny */ FROM u",
                                          "7: SELECT 3", "7: SELECT 4", "9: SELECT 5"});
  CHECK(texts_with_lines("").empty());
  CHECK(texts_with_lines("-- only a comment\n\n").empty());
}

TEST_CASE("statement file: a quote left open is an error naming its statement's line",
          "[replay][statement_file]") {
  std::istringstream in("SELECT 1;\n\nSELECT 'open;\nmore\n");
  StatementFileReader reader(in, "queries.sql");
  auto first = reader.next();
  REQUIRE(first.has_value());
  REQUIRE(*first);
  CHECK((*first)->text == "SELECT 1");
  auto second = reader.next();
  REQUIRE_FALSE(second.has_value());
  CHECK(second.error().message ==
        "queries.sql:3: the statement that starts here never ends (a quote or a /* comment is "
        "left open)");
}
