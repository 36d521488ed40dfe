#include "load/tally/placement_tally.h"

namespace versus::load {

void PlacementTally::add(const ThreadPlaces& server, const ThreadPlaces& client) {
  add_to(server_, server);
  add_to(client_, client);
  ++samples_;
}

void PlacementTally::add_to(Group& g, const ThreadPlaces& now) {
  for (const auto& [tid, place] : now) {
    const auto before = g.last.find(tid);
    if (before != g.last.end() && place.ticks > before->second.ticks && place.cpu >= 0)
      ++g.cpus[place.cpu];
  }
  if (g.first.empty()) g.first = now;
  for (const auto& [tid, place] : now) g.last[tid] = place;  // a thread that ended keeps its last
}

// Summed over the threads of the first sample, each up to the last sample it was seen in (the
// client threads end with the load, before the end snapshot); -1 when none was readable.
std::int64_t PlacementTally::migrations(const Group& g) {
  std::int64_t sum = -1;
  for (const auto& [tid, place] : g.last) {
    const auto first = g.first.find(tid);
    if (first == g.first.end() || place.migrations < 0 || first->second.migrations < 0) continue;
    sum = (sum < 0 ? 0 : sum) + (place.migrations - first->second.migrations);
  }
  return sum;
}

measured::PlacementRecord PlacementTally::record() const {
  return {samples_, server_.cpus, client_.cpus, migrations(server_), migrations(client_)};
}

}  // namespace versus::load
