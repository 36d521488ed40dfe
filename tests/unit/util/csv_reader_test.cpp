#include "util/csv_reader.h"

#include <catch2/catch.hpp>

#include "support/temp_dir.h"

using versus::CsvField;
using versus::CsvReader;
using versus::scan_csv;
using versus::testing::TempDir;

namespace {
// Every record of `text`, each field as its text or "NULL".
std::vector<std::vector<std::string>> records(const std::string& text) {
  TempDir tmp;
  auto reader = CsvReader::open(tmp.write("t.csv", text));
  REQUIRE(reader);
  std::vector<std::vector<std::string>> out;
  std::vector<CsvField> fields;
  for (;;) {
    auto more = reader->next(fields);
    if (!more) FAIL(more.error().message);
    if (!*more) return out;
    auto& r = out.emplace_back();
    for (const CsvField& f : fields) r.push_back(f.null ? "NULL" : "[" + f.text + "]");
  }
}

std::string error_of(const std::string& text) {
  TempDir tmp;
  auto shape = scan_csv(tmp.write("t.csv", text));
  REQUIRE_FALSE(shape);
  const std::string message = shape.error().message;
  return message.substr(message.find("t.csv"));
}
}  // namespace

TEST_CASE("csv: fields, quotes, line breaks, NULLs", "[util][csv]") {
  using R = std::vector<std::vector<std::string>>;
  CHECK(records("a,b\n1,x\n") == R{{"[a]", "[b]"}, {"[1]", "[x]"}});
  CHECK(records("a,b\r\n1,x\r\n") == R{{"[a]", "[b]"}, {"[1]", "[x]"}});
  CHECK(records("a,b\n1,x") == R{{"[a]", "[b]"}, {"[1]", "[x]"}});  // no final newline
  CHECK(records("\"x,y\",\"say \"\"hi\"\"\"\n") == R{{"[x,y]", "[say \"hi\"]"}});
  CHECK(records("\"two\nlines\",z\n") == R{{"[two\nlines]", "[z]"}});
  CHECK(records(",\"\",\\N,\"\\N\"\n") == R{{"NULL", "[]", "NULL", "[\\N]"}});
  CHECK(records("a\n\n\nb\n") == R{{"[a]"}, {"[b]"}});  // empty lines skipped
  CHECK(records("tab\there,back\\slash\n") == R{{"[tab\there]", "[back\\slash]"}});
  CHECK(records("").empty());
}

TEST_CASE("csv: the line each record starts at", "[util][csv]") {
  TempDir tmp;
  auto reader = CsvReader::open(tmp.write("t.csv", "h\n\"a\nb\"\n\nc\n"));
  REQUIRE(reader);
  std::vector<CsvField> f;
  std::vector<int> lines;
  while (*reader->next(f)) lines.push_back(reader->line());
  CHECK(lines == std::vector<int>{1, 2, 5});
}

TEST_CASE("csv: the shape, and each malformed file's error", "[util][csv]") {
  TempDir tmp;
  auto shape = scan_csv(tmp.write("t.csv", "id,name\n1,ab\n2,\"a,b,c\"\n3,\n"));
  REQUIRE(shape);
  CHECK(shape->header == std::vector<std::string>{"id", "name"});
  CHECK(shape->records == 3);
  CHECK(shape->longest_record == 6);  // "2" and "a,b,c"
  CHECK(error_of("id,name\n1,x\n2\n") == "t.csv:3: 1 fields; the header has 2");
  CHECK(error_of("id,name\n1,\"open\n") == "t.csv:2: a quoted field is not closed");
  CHECK(error_of("id\n\"a\"b\n") ==
        "t.csv:2: text after a closing quote (a quote inside a field is written \"\")");
  CHECK(error_of("id,\n") ==
        "t.csv:1: the header's field 2 is empty (the first line names the columns)");
  CHECK(error_of("id,id\n") == "t.csv:1: the header names column 'id' twice");
  CHECK(error_of("\n") == "t.csv: empty (the first line names the columns)");
  auto missing = scan_csv(tmp.path() / "none.csv");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().message.find("none.csv: cannot read: No such file") != std::string::npos);
}
