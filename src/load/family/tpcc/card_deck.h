#pragma once
// CardDeck: the TPC-C transaction mix by a deck of cards (clause 5.2.4.2): the standard deck
// of 100 cards, 45 New-Order, 43 Payment, 4 each of Order-Status, Delivery and Stock-Level, or
// HammerDB's of 23 (10, 10, 1, 1, 1: sysbench/tpcc_options.h), shuffled and dealt one by one,
// shuffled again when dealt out. Every full deck is exactly its mix.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "load/data/random.h"
#include "sysbench/tpcc_options.h"

namespace versus::load::tpcc {

enum class Kind : std::uint8_t { new_order, payment, order_status, delivery, stock_level };
inline constexpr std::size_t kKinds = sysbench::kTpccKinds;
// The transaction names, by Kind: what per-kind figures are named.
inline constexpr std::array<std::string_view, kKinds> kKindNames = {
    "new_order", "payment", "order_status", "delivery", "stock_level"};
class CardDeck {
 public:
  explicit CardDeck(sysbench::TpccMix mix = sysbench::TpccMix::standard);
  Kind deal(Random& rng);
  std::size_t size() const { return size_; }  // cards in a full deck

 private:
  std::array<Kind, 100> cards_{};
  std::size_t size_ = 0;
  std::size_t next_ = 0;  // == size_: dealt out, the next deal shuffles
};

}  // namespace versus::load::tpcc
