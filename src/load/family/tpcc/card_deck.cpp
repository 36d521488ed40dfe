#include "load/family/tpcc/card_deck.h"

#include <utility>

namespace versus::load::tpcc {

CardDeck::CardDeck(sysbench::TpccMix mix) {
  const auto& cards = sysbench::tpcc_cards(mix);
  for (std::size_t k = 0; k < kKinds; ++k)
    for (int i = 0; i < cards[k]; ++i) cards_[size_++] = static_cast<Kind>(k);
  next_ = size_;
}

Kind CardDeck::deal(Random& rng) {
  if (next_ == size_) {
    for (std::size_t i = size_ - 1; i > 0; --i)  // Fisher-Yates
      std::swap(cards_[i], cards_[rng.uniform(0, static_cast<std::uint32_t>(i))]);
    next_ = 0;
  }
  return cards_[next_++];
}

}  // namespace versus::load::tpcc
