#include "load/family/tpcc/card_deck.h"

#include <utility>

namespace versus::load::tpcc {

CardDeck::CardDeck() {
  std::size_t at = 0;
  for (std::size_t k = 0; k < kKinds; ++k)
    for (int i = 0; i < kCardsPerDeck[k]; ++i) cards_[at++] = static_cast<Kind>(k);
}

Kind CardDeck::deal(Random& rng) {
  if (next_ == cards_.size()) {
    for (std::size_t i = cards_.size() - 1; i > 0; --i)  // Fisher-Yates
      std::swap(cards_[i], cards_[rng.uniform(0, static_cast<std::uint32_t>(i))]);
    next_ = 0;
  }
  return cards_[next_++];
}

}  // namespace versus::load::tpcc
