#pragma once
// Postwrite: what the published microbenchmark suite does between its writes and its reads,
// on the server the writes ran on, so the reads see settled tables: ANALYZE TABLE on every
// table of the database; then, for InnoDB, its dirty pages flushed (innodb_max_dirty_pages_pct
// set to 0 and restored after) and its purge caught up (the history list under 1,000
// undo logs), waited for by polling once a second instead of the published fixed sleep (60 s
// + 1 s per million rows, at most 1,200 s), which bounds the wait. Each action with its time
// and what it found is returned for the run's log and its progress lines.
#include <cstdint>
#include <string>
#include <vector>

#include "client/endpoint.h"
#include "util/expected.h"

namespace versus::run {

struct PostwriteAction {
  std::string action;  // "ANALYZE TABLE 3 tables", "flush dirty pages", "purge"
  double seconds = 0;
  std::string outcome;  // "done", "0 dirty pages", "not settled in 61 s: 4,123 dirty pages"
};

struct PostwriteTarget {
  client::Endpoint admin;    // may set global variables
  std::string database;      // its tables are analyzed
  std::string engine;        // "innodb" waits for InnoDB's flushing and purge; others do not
  std::int64_t rows = 0;     // rows written to: the published wait's bound grows with them
};

// The published wait's bound, seconds: 60 + 1 per million rows, at most 1,200.
double postwrite_limit_s(std::int64_t rows);

// Runs the step; fails when the server cannot be reached or ANALYZE fails (a settle that does
// not finish within postwrite_limit_s is an outcome, not a failure).
Expected<std::vector<PostwriteAction>> run_postwrite(const PostwriteTarget& target);

// "ANALYZE TABLE 3 tables 0.4 s (done), flush dirty pages 2.1 s (0 dirty pages), ...".
std::string postwrite_text(const std::vector<PostwriteAction>& actions);

}  // namespace versus::run
