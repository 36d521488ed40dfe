#pragma once
// GroupSequential: the exact two-sided boundaries of a group-sequential design with alpha
// spending, for repeats: auto (results/stats/sequential.h).
//
// Looks k = 1..K at information fractions t_1 < ... < t_K <= 1 see Z_k, the standardized
// estimate over the data so far; under the null hypothesis (Z_k sqrt(t_k)) is a Brownian
// motion observed at t_k, so the looks are correlated (corr(Z_j, Z_k) = sqrt(t_j / t_k)).
// Boundary c_k is the one for which
//     P(|Z_j| < c_j for every j < k, and |Z_k| >= c_k) = spent(t_k) - spent(t_{k-1}),
// so the chance of crossing at some look is exactly spent(t_K) (alpha when t_K = 1), however
// many looks there are. Computed by recursive numerical integration of the continuation
// density (Armitage, McPherson & Rowe 1969, JRSS A 132(2); Jennison & Turnbull 2000,
// "Group Sequential Methods", chapter 19). A union bound (each look at the level it spends)
// needs |Z_K| > 3.44 at the last of 200 looks where this needs 2.25: about twice the rounds
// for the same question.
#include <functional>
#include <vector>

namespace versus::results {

// O'Brien-Fleming-like spending: the alpha spent by information fraction t (0 < t <= 1),
// 2 - 2 Phi(z_{1-alpha/2} / sqrt(t)).
double obf_spent(double t, double alpha);

// A two-sided spending function: the alpha spent by information fraction t, increasing.
using Spending = std::function<double(double t)>;

// Boundaries c_k on the z scale for the looks at fractions `t` (increasing, in (0, 1]) of
// any spending function; see obf_boundaries.
std::vector<double> spending_boundaries(const std::vector<double>& t, const Spending& spent);

// Boundaries c_k on the z scale for the looks at fractions `t` (increasing, in (0, 1]) of
// the two-sided O'Brien-Fleming-like spending function obf_spent(t, alpha). A look whose
// increment is negligible (below 1e-14) gets +infinity: it cannot decide.
std::vector<double> obf_boundaries(const std::vector<double>& t, double alpha);

// The nominal two-sided level 2 (1 - Phi(c)) of each look n = 2..max_repeats of a design
// with looks at t = n / max_repeats, index n - 2; computed once per (max_repeats, alpha) and
// kept (thread-safe).
const std::vector<double>& design_levels(int max_repeats, double alpha);

}  // namespace versus::results
