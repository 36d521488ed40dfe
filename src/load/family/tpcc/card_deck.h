#pragma once
// CardDeck: the TPC-C transaction mix by a deck of cards (clause 5.2.4.2): 100 cards, 45
// New-Order, 43 Payment, 4 each of Order-Status, Delivery and Stock-Level, shuffled and dealt
// one by one, shuffled again when dealt out. Every full deck is exactly the standard mix.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "load/data/random.h"

namespace versus::load::tpcc {

enum class Kind : std::uint8_t { new_order, payment, order_status, delivery, stock_level };
inline constexpr std::size_t kKinds = 5;
// The transaction names, by Kind: what per-kind figures are named.
inline constexpr std::array<std::string_view, kKinds> kKindNames = {
    "new_order", "payment", "order_status", "delivery", "stock_level"};
// Cards of each kind in a deck of 100, by Kind.
inline constexpr std::array<int, kKinds> kCardsPerDeck = {45, 43, 4, 4, 4};

class CardDeck {
 public:
  CardDeck();
  Kind deal(Random& rng);

 private:
  std::array<Kind, 100> cards_;
  std::size_t next_ = 100;  // dealt out: the first deal shuffles
};

}  // namespace versus::load::tpcc
