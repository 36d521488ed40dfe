#pragma once
// ValueSource: draws the values of one generator of a workload file (sysbench/custom_workload.h)
// from a session's or a loader's Random: integers in a range by sysbench's distributions,
// random strings, values from a list. No allocation per value. Pure.
#include <cstddef>
#include <cstdint>

#include "load/data/random.h"
#include "sysbench/custom_workload.h"

namespace versus::load::custom {

class ValueSource {
 public:
  explicit ValueSource(const sysbench::ValueSpec& spec) : spec_(&spec) {}

  bool is_text() const { return sysbench::is_text_generator(spec_->generator); }
  // An integer generator's next value; `row` (1-based) is a sequence's value.
  long long draw_int(Random& rng, std::int64_t row = 0) const;
  // A text generator's next value written at `out` (max_text() bytes); returns its length.
  std::size_t draw_text(Random& rng, char* out) const;
  // The longest value draw_text writes, or the digits of the longest integer.
  std::size_t max_text() const;

 private:
  const sysbench::ValueSpec* spec_;
};

}  // namespace versus::load::custom
