#include "sysbench/tpcc_options.h"

#include <catch2/catch.hpp>
#include <numeric>

namespace sb = versus::sysbench;

TEST_CASE("tpcc options: the matrix keys' names, both ways, defaults first", "[sysbench]") {
  for (auto h : {sb::TpccHome::per_transaction, sb::TpccHome::per_connection})
    CHECK(sb::tpcc_home_from_name(sb::tpcc_home_name(h)) == h);
  for (auto m : {sb::TpccMix::standard, sb::TpccMix::hammerdb})
    CHECK(sb::tpcc_mix_from_name(sb::tpcc_mix_name(m)) == m);
  for (auto c : {sb::TpccChecks::all, sb::TpccChecks::cheap})
    CHECK(sb::tpcc_checks_from_name(sb::tpcc_checks_name(c)) == c);
  CHECK(sb::tpcc_home_names().front() == "per_transaction");
  CHECK(sb::tpcc_mix_names() == std::vector<std::string_view>{"standard", "hammerdb"});
  CHECK(sb::tpcc_checks_names() == std::vector<std::string_view>{"all", "cheap"});
  CHECK_FALSE(sb::tpcc_mix_from_name("HammerDB"));
  const sb::TpccOptions d;
  CHECK(d.home == sb::TpccHome::per_transaction);
  CHECK(d.mix == sb::TpccMix::standard);
  CHECK(d.checks == sb::TpccChecks::all);
}

TEST_CASE("tpcc options: the decks, the specification's 100 cards and HammerDB's 23",
          "[sysbench]") {
  const auto& standard = sb::tpcc_cards(sb::TpccMix::standard);
  const auto& hammerdb = sb::tpcc_cards(sb::TpccMix::hammerdb);
  CHECK(std::accumulate(standard.begin(), standard.end(), 0) == 100);
  CHECK(std::accumulate(hammerdb.begin(), hammerdb.end(), 0) == 23);
  // Clause 5.2.3's minimums: at least 43% Payment and 4% of each of the last three.
  CHECK(standard[1] >= 43);
  for (int k = 2; k < 5; ++k) CHECK(standard[static_cast<std::size_t>(k)] >= 4);
  CHECK(hammerdb == std::array<int, 5>{10, 10, 1, 1, 1});
}
