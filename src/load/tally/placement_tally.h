#pragma once
// PlacementTally: the placement samples of one measured interval (util/thread_placement.h)
// summed into a measured::PlacementRecord. A thread counts in a sample only when its CPU time
// grew since the previous sample (an idle thread's last CPU says nothing about now). Pure.
#include "measured/usage_record.h"
#include "util/thread_placement.h"

namespace versus::load {

class PlacementTally {
 public:
  void add(const ThreadPlaces& server, const ThreadPlaces& client);
  measured::PlacementRecord record() const;

 private:
  struct Group {
    ThreadPlaces first, last;  // last: each thread as the latest sample that found it saw it
    std::map<int, std::uint64_t> cpus;
  };
  static void add_to(Group& group, const ThreadPlaces& now);
  static std::int64_t migrations(const Group& group);

  Group server_, client_;
  int samples_ = 0;
};

}  // namespace versus::load
