#include "load/loader.h"

#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

using versus::load::build_insert;
using versus::load::Distribution;
using versus::load::DistributionParams;
using versus::load::Random;

namespace {

const std::regex kTuple(R"(\((\d+),'([^']*)','([^']*)'\))");

}  // namespace

TEST_CASE("build_insert: three sysbench rows", "[load][loader]") {
  Random rng(1);
  const auto sql = build_insert(1, 3, 1000, rng);
  const std::string head = "INSERT INTO sbtest1 (k, c, pad) VALUES ";
  REQUIRE(sql.rfind(head, 0) == 0);
  // The whole statement is exactly three comma-separated tuples.
  CHECK(std::regex_match(sql.substr(head.size()),
                         std::regex(R"(\(\d+,'[^']*','[^']*'\)(,\(\d+,'[^']*','[^']*'\)){2})")));

  const std::regex c_value(R"(\d{11}(-\d{11}){9})");
  const std::regex pad_value(R"(\d{11}(-\d{11}){4})");
  int tuples = 0;
  for (auto it = std::sregex_iterator(sql.begin(), sql.end(), kTuple); it != std::sregex_iterator();
       ++it) {
    ++tuples;
    const auto& m = *it;
    INFO(m.str());
    const long k = std::stol(m[1].str());
    CHECK(k >= 1);
    CHECK(k <= 1000);
    CHECK(m[2].length() == 119);
    CHECK(std::regex_match(m[2].str(), c_value));
    CHECK(m[3].length() == 59);
    CHECK(std::regex_match(m[3].str(), pad_value));
  }
  CHECK(tuples == 3);
}

TEST_CASE("build_insert: k stays within [1, table_size] for every distribution", "[load][loader]") {
  for (auto d : {Distribution::uniform, Distribution::gaussian, Distribution::special,
                 Distribution::pareto}) {
    INFO(versus::load::distribution_name(d));
    DistributionParams p;
    p.type = d;
    Random rng(9, p);
    const auto sql = build_insert(4, 200, 50, rng);
    CHECK_THAT(sql, Catch::StartsWith("INSERT INTO sbtest4 (k, c, pad) VALUES ("));
    int tuples = 0;
    for (auto it = std::sregex_iterator(sql.begin(), sql.end(), kTuple);
         it != std::sregex_iterator(); ++it) {
      ++tuples;
      const long k = std::stol((*it)[1].str());
      REQUIRE(k >= 1);
      REQUIRE(k <= 50);
    }
    CHECK(tuples == 200);
  }
}

TEST_CASE("build_insert: one row has no separator", "[load][loader]") {
  Random rng(2);
  const auto sql = build_insert(2, 1, 10, rng);
  CHECK(std::regex_match(
      sql, std::regex(
               R"(INSERT INTO sbtest2 \(k, c, pad\) VALUES \(\d+,'[0-9-]{119}','[0-9-]{59}'\))")));
}

TEST_CASE("build_insert: reproducible from the seed, different per row", "[load][loader]") {
  Random a(5), b(5), c(6);
  const auto x = build_insert(1, 2, 1000, a);
  CHECK(x == build_insert(1, 2, 1000, b));
  CHECK(x != build_insert(1, 2, 1000, c));
  std::vector<std::string> cs;
  for (auto it = std::sregex_iterator(x.begin(), x.end(), kTuple); it != std::sregex_iterator();
       ++it)
    cs.push_back((*it)[2].str());
  REQUIRE(cs.size() == 2);
  CHECK(cs[0] != cs[1]);
}
