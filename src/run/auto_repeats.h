#pragma once
// repeats: auto, the run's side: after each round, which comparisons (every column against
// the baseline column, per workload, engine and thread count) are still open under the
// sequential design (results/stats/sequential.h), from the records so far. The report makes the
// same decisions from the same records (report/shared/comparison.h): one rule, results' functions.
#include <vector>

#include "config/plan/plan.h"
#include "results/record/progress.h"
#include "results/record/record.h"

namespace versus::run {

// Comparisons the plan makes: workloads x engines x threads x (servers x profiles - 1).
int comparisons_of(const config::Plan& plan);

// Each comparison's alpha: 0.05, split evenly over the run's comparisons (Bonferroni) unless
// multiple_comparisons is none.
double sequential_alpha(const config::Plan& plan);

// The open comparisons, as the compared column's coordinates (repeat 0), in plan order.
std::vector<results::CellCoordinates> open_comparisons(const config::Plan& plan,
                                                       const results::RunResults& done);

// Whether a cell belongs to a row (workload, engine, threads) with an open comparison.
bool in_open_row(const config::Plan& plan, const config::Cell& cell,
                 const std::vector<results::CellCoordinates>& open);

// The open comparisons of rows that `cells` have a cell of: a shard (config/plan/shards.h) decides
// its own rows only, so the others' never keep its rounds going.
std::vector<results::CellCoordinates> open_among(const config::Plan& plan,
                                                 const std::vector<config::Cell>& cells,
                                                 std::vector<results::CellCoordinates> open);

}  // namespace versus::run
