#pragma once
// ReplaySample: keeps 1 in N of a log's statements, in whole units so that what a session
// builds up holds in what is kept: where the log names connections, a unit is a connection
// (every statement of a kept connection is kept: its USE, SET, user variables, temporary
// tables and transactions); in a file without them (connection 0), a unit is a transaction
// (BEGIN or START TRANSACTION to COMMIT or ROLLBACK) or one statement outside a transaction.
// Which units are kept is a hash of the seed and the unit (its connection id, or its number
// in the file), so the same log, N and seed keep the same statements, read in one pass with
// memory for one unit's state. N is a rate, not a count: 1 in 10 of 25 connections may keep 1
// or 4 of them.
#include <cstdint>

#include "load/family/replay/query_log.h"

namespace versus::load::replay {

class ReplaySample {
 public:
  // `one_in` 0 or 1 keeps every statement.
  ReplaySample(std::uint64_t one_in, std::uint64_t seed) : one_in_(one_in), seed_(seed) {}
  // Whether `q` is kept; call for every statement of the log, in log order.
  bool keep(const LoggedQuery& q);

 private:
  bool chosen(std::uint64_t unit) const;

  std::uint64_t one_in_, seed_;
  std::uint64_t unit_ = 0;  // the file's units seen, connection-less statements only
  bool in_transaction_ = false, unit_kept_ = false;
};

// Whether a statement starts (BEGIN, START TRANSACTION) or ends (COMMIT, ROLLBACK, but not
// ROLLBACK TO a savepoint) an explicit transaction.
bool starts_transaction(std::string_view statement);
bool ends_transaction(std::string_view statement);

}  // namespace versus::load::replay
