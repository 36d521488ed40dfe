#pragma once
// QueryResultsBuilder: a replay's QueryResults (measured/query_results.h) built one execution
// at a time, in the order the comparison pass runs them. Each class is opened by its first
// execution, whose text names why its results may differ by nature (nondeterminism.h) and
// whether it is compared with a tolerance; its first kKeptExecutions executions are kept one
// by one, the rest summed up (RestHash). Pure.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "measured/query_results.h"

namespace versus::load::replay {

// The executions of a class past its kept ones, in order: their count and one hash of their
// results (result set or not, rows, checksum, warning codes, error code; not texts, lines,
// messages nor rows shown), 16 hex digits. Order-dependent; stable across builds.
class RestHash {
 public:
  void add(const measured::ExecutionResult& e);
  measured::RestOfClass value() const;

 private:
  std::uint64_t executions_ = 0;
  std::uint64_t hash_ = 0;
};

class QueryResultsBuilder {
 public:
  // `classes`: the replay's class names, indexed by a statement's class.
  explicit QueryResultsBuilder(std::vector<std::string> classes);

  // Class `k`, opened with `first_text` (its first execution's statement) when it was never
  // run: its name, nondeterminism and tolerance, and its executions so far.
  const measured::ClassResults& open(std::size_t k, std::string_view first_text);
  // How many executions class `k` has had (kept and summed up).
  std::uint64_t executions(std::size_t k) const;
  // An execution of class `k` (opened), kept or summed up.
  void add(std::size_t k, measured::ExecutionResult e);
  // The classes run, in class order.
  std::vector<measured::ClassResults> finish();

 private:
  struct Slot {
    bool open = false;
    measured::ClassResults results;
    RestHash rest;
  };
  std::vector<std::string> names_;
  std::vector<Slot> slots_;
};

}  // namespace versus::load::replay
