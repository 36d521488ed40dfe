#include "load/family/tpcc/card_deck.h"

#include <array>
#include <catch2/catch.hpp>

using namespace versus::load;
using namespace versus::load::tpcc;

TEST_CASE("card deck: every deck of 100 is exactly the standard mix", "[load][tpcc]") {
  CardDeck deck;
  Random rng(5);
  for (int round = 0; round < 50; ++round) {
    std::array<int, kKinds> dealt{};
    for (int i = 0; i < 100; ++i) ++dealt[static_cast<std::size_t>(deck.deal(rng))];
    CHECK(dealt == kCardsPerDeck);
  }
  CHECK(kCardsPerDeck == std::array<int, kKinds>{45, 43, 4, 4, 4});
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
