#include "load/family/oltp/sbtest_loader.h"

#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

using versus::load::build_insert;
using versus::load::Random;
using versus::load::RowSource;
using versus::sysbench::RandSpec;
using versus::sysbench::RandType;

namespace {

const std::regex kTuple(R"(\((\d+),(\d+),'([^']*)','([^']*)'\))");

// Rows 1..size of a table of `size` rows.
RowSource rows_of(Random rng, std::uint32_t size) {
  return RowSource(rng, 1, size, size);
}

}  // namespace

TEST_CASE("build_insert: three sysbench rows", "[load][loader]") {
  auto rows = rows_of(Random(1), 1000);
  const auto sql = build_insert(1, rows, 3);
  const std::string head = "INSERT INTO sbtest1 (id, k, c, pad) VALUES ";
  REQUIRE(sql.rfind(head, 0) == 0);
  // The whole statement is exactly three comma-separated tuples.
  CHECK(std::regex_match(
      sql.substr(head.size()),
      std::regex(R"(\(\d+,\d+,'[^']*','[^']*'\)(,\(\d+,\d+,'[^']*','[^']*'\)){2})")));

  const std::regex c_value(R"(\d{11}(-\d{11}){9})");
  const std::regex pad_value(R"(\d{11}(-\d{11}){4})");
  int tuples = 0;
  for (auto it = std::sregex_iterator(sql.begin(), sql.end(), kTuple); it != std::sregex_iterator();
       ++it) {
    ++tuples;
    const auto& m = *it;
    INFO(m.str());
    CHECK(std::stol(m[1].str()) == tuples);  // ids 1, 2, 3
    const long k = std::stol(m[2].str());
    CHECK(k >= 1);
    CHECK(k <= 1000);
    CHECK(m[3].length() == 119);
    CHECK(std::regex_match(m[3].str(), c_value));
    CHECK(m[4].length() == 59);
    CHECK(std::regex_match(m[4].str(), pad_value));
  }
  CHECK(tuples == 3);
  CHECK(rows.next_id() == 4);
}

TEST_CASE("build_insert: k stays within [1, table_size] for every distribution", "[load][loader]") {
  for (auto d : {RandType::uniform, RandType::gaussian, RandType::special, RandType::pareto}) {
    INFO(versus::sysbench::rand_type_name(d));
    RandSpec p;
    p.type = d;
    RowSource rows(Random(9, p), 1, 200, 50);
    const auto sql = build_insert(4, rows, 200);
    CHECK_THAT(sql, Catch::StartsWith("INSERT INTO sbtest4 (id, k, c, pad) VALUES ("));
    int tuples = 0;
    for (auto it = std::sregex_iterator(sql.begin(), sql.end(), kTuple);
         it != std::sregex_iterator(); ++it) {
      ++tuples;
      const long k = std::stol((*it)[2].str());
      REQUIRE(k >= 1);
      REQUIRE(k <= 50);
    }
    CHECK(tuples == 200);
  }
}

TEST_CASE("build_insert: one row has no separator", "[load][loader]") {
  auto rows = rows_of(Random(2), 10);
  const auto sql = build_insert(2, rows, 1);
  CHECK(std::regex_match(
      sql,
      std::regex(
          R"(INSERT INTO sbtest2 \(id, k, c, pad\) VALUES \(1,\d+,'[0-9-]{119}','[0-9-]{59}'\))")));
}

TEST_CASE("build_insert: stops at the last row of the range", "[load][loader]") {
  RowSource rows(Random(3), 9, 10, 10);
  const auto sql = build_insert(1, rows, 5);
  CHECK(std::distance(std::sregex_iterator(sql.begin(), sql.end(), kTuple),
                      std::sregex_iterator()) == 2);
  CHECK(rows.done());
}

TEST_CASE("build_insert: reproducible from the seed, different per row", "[load][loader]") {
  auto a = rows_of(Random(5), 1000), b = rows_of(Random(5), 1000), c = rows_of(Random(6), 1000);
  const auto x = build_insert(1, a, 2);
  CHECK(x == build_insert(1, b, 2));
  CHECK(x != build_insert(1, c, 2));
  std::vector<std::string> cs;
  for (auto it = std::sregex_iterator(x.begin(), x.end(), kTuple); it != std::sregex_iterator();
       ++it)
    cs.push_back((*it)[3].str());
  REQUIRE(cs.size() == 2);
  CHECK(cs[0] != cs[1]);
}
