#include "load/family/tpcc/card_deck.h"

#include <array>
#include <catch2/catch.hpp>

using namespace versus::load;
using namespace versus::load::tpcc;

namespace {
// Deals `decks` whole decks and checks each holds exactly `expected` of each kind.
void check_whole_decks(CardDeck& deck, const std::array<int, kKinds>& expected, int decks) {
  Random rng(5);
  int size = 0;
  for (int n : expected) size += n;
  REQUIRE(deck.size() == static_cast<std::size_t>(size));
  for (int round = 0; round < decks; ++round) {
    std::array<int, kKinds> dealt{};
    for (int i = 0; i < size; ++i) ++dealt[static_cast<std::size_t>(deck.deal(rng))];
    CHECK(dealt == expected);
  }
}
}  // namespace

TEST_CASE("card deck: every deck of 100 is exactly the standard mix", "[load][tpcc]") {
  CardDeck deck;
  check_whole_decks(deck, {45, 43, 4, 4, 4}, 50);
  CHECK(versus::sysbench::tpcc_cards(versus::sysbench::TpccMix::standard) ==
        std::array<int, kKinds>{45, 43, 4, 4, 4});
}

TEST_CASE("card deck: tpcc_mix hammerdb deals 10/23, 10/23, 1/23 x 3 in every deck of 23",
          "[load][tpcc]") {
  CardDeck deck(versus::sysbench::TpccMix::hammerdb);
  check_whole_decks(deck, {10, 10, 1, 1, 1}, 200);
}

TEST_CASE("card deck: shuffled, not dealt in order", "[load][tpcc]") {
  CardDeck a, b;
  Random ra(1), rb(2);
  int same = 0, runs = 0;
  Kind last = a.deal(ra);
  for (int i = 0; i < 1000; ++i) {
    const Kind k = a.deal(ra);
    same += k == b.deal(rb);
    runs += k != last;
    last = k;
  }
  CHECK(same < 700);  // two seeds deal differently (equal by chance ~39% of the time)
  CHECK(runs > 300);  // kinds alternate as in a shuffle, not 45 New-Orders in a row
}
