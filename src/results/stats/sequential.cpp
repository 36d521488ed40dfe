#include "results/stats/sequential.h"

#include <algorithm>

namespace versus::results {

double look_alpha(int n, int max_repeats, double alpha) {
  if (n < 2 || n > max_repeats) return 0;
  return design_levels(max_repeats, alpha)[static_cast<std::size_t>(n - 2)];
}

double paired_look_alpha(int n, int max_repeats, double alpha) {
  return look_alpha(n, max_repeats, alpha / kPairedStudentExcess);
}

SequentialState state_of(const std::optional<Interval>& ci, double min_difference) {
  if (!ci) return SequentialState::open;
  if (ci->low > 1 + min_difference) return SequentialState::faster;
  if (ci->high < 1 - min_difference) return SequentialState::slower;
  if (ci->low >= 1 - min_difference && ci->high <= 1 + min_difference)
    return SequentialState::equivalent;
  return SequentialState::open;
}

namespace {

Verdict verdict_of(SequentialState state) {
  switch (state) {
    case SequentialState::faster:
      return Verdict::faster;
    case SequentialState::slower:
      return Verdict::slower;
    case SequentialState::equivalent:
      return Verdict::equivalent;
    case SequentialState::open:
      break;
  }
  return Verdict::undecided;
}

SequentialDecision decided(SequentialDecision d, double min_difference) {
  if (d.estimate.verdict == Verdict::insufficient_data) return d;
  d.state = state_of(d.estimate.ci, min_difference);
  d.estimate.verdict = verdict_of(d.state);
  return d;
}

std::vector<double> values_of(const std::vector<RoundValue>& v) {
  std::vector<double> values;
  for (const RoundValue& r : v) values.push_back(r.value);
  return values;
}

std::vector<RoundValue> before(const std::vector<RoundValue>& v, int round) {
  std::vector<RoundValue> out;
  for (const RoundValue& r : v)
    if (r.round < round) out.push_back(r);
  return out;
}

// 1 + the last round with a value on both sides; 0 without any.
int rounds_paired(const std::vector<RoundValue>& base, const std::vector<RoundValue>& other) {
  int last = -1;
  for (const RoundValue& b : base)
    for (const RoundValue& o : other)
      if (b.round == o.round) last = std::max(last, b.round);
  return last + 1;
}

SequentialDecision paired_decision(const std::vector<RoundValue>& base,
                                   const std::vector<RoundValue>& other, int max_repeats,
                                   double alpha, double min_difference) {
  const int last = std::min(rounds_paired(base, other), max_repeats);
  SequentialDecision d;
  if (last < 2) {
    d.estimate = compare_paired(base, other, 1 - alpha, min_difference);
    d.estimate.verdict = Verdict::insufficient_data;
    return d;
  }
  for (int n = 2; n <= last; ++n) {
    d = SequentialDecision{};
    d.look = n;
    d.estimate = compare_paired(before(base, n), before(other, n),
                                1 - paired_look_alpha(n, max_repeats, alpha), min_difference);
    d = decided(d, min_difference);
    if (d.state != SequentialState::open) break;
  }
  return d;
}

SequentialDecision look_at(const std::vector<double>& base, const std::vector<double>& other, int n,
                           int max_repeats, double alpha, double min_difference) {
  const auto first = [n](const std::vector<double>& v) {
    return std::vector<double>(v.begin(), v.begin() + n);
  };
  SequentialDecision d;
  d.look = n;
  const double level = look_alpha(n, max_repeats, alpha);
  d.estimate = compare_means(first(base), first(other), 1 - level, min_difference);
  return decided(d, min_difference);
}

}  // namespace

SequentialDecision sequential_decision(const std::vector<double>& base,
                                       const std::vector<double>& other, int max_repeats,
                                       double alpha, double min_difference) {
  const int last =
      std::min({static_cast<int>(base.size()), static_cast<int>(other.size()), max_repeats});
  if (last < 2) {
    SequentialDecision d;
    d.estimate = compare_means(base, other, 1 - alpha, min_difference);
    d.estimate.verdict = Verdict::insufficient_data;
    return d;
  }
  SequentialDecision d;
  for (int n = 2; n <= last; ++n) {
    d = look_at(base, other, n, max_repeats, alpha, min_difference);
    if (d.state != SequentialState::open) break;
  }
  return d;
}

SequentialDecision sequential_decision(const std::vector<RoundValue>& base,
                                       const std::vector<RoundValue>& other, int max_repeats,
                                       double alpha, double min_difference, Estimate estimate) {
  if (estimate == Estimate::paired)
    return paired_decision(base, other, max_repeats, alpha, min_difference);
  return sequential_decision(values_of(base), values_of(other), max_repeats, alpha, min_difference);
}

}  // namespace versus::results
