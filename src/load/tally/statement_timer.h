#pragma once
// StatementTimer: one client thread's statement times, a Histogram per statement class
// (statement_class.h). Sized once before the load (the only allocation); recording is an
// index and a histogram update, no lock: the thread that records owns it, and the driver
// merges the threads' timers after the join, like the transaction latency.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "load/tally/histogram.h"
#include "load/step/transaction_program.h"
#include "measured/statement_time.h"

namespace versus::load {

class StatementTimer {
 public:
  StatementTimer() = default;
  explicit StatementTimer(std::size_t classes) : by_class_(classes) {}

  // One statement of class `c` took `nanos`; a class beyond the list is ignored.
  void record(StatementClass c, std::uint64_t nanos) {
    if (c < by_class_.size()) by_class_[c].record(nanos);
  }
  void merge(const StatementTimer& other);
  std::size_t classes() const { return by_class_.size(); }
  const Histogram& of(StatementClass c) const { return by_class_[c]; }

 private:
  std::vector<Histogram> by_class_;
};

// The timer's classes that ran, in class order, named from `names` (statement_classes()).
measured::StatementTimes statement_times(const StatementTimer& timer,
                                         std::span<const std::string_view> names);

}  // namespace versus::load
