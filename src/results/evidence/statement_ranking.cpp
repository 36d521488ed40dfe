#include "results/evidence/statement_ranking.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace versus::results {
namespace {
const double* find_ms(const StatementMs& side, const std::string& name) {
  for (const auto& [statement, ms] : side)
    if (statement == name) return &ms;
  return nullptr;
}

std::string ms_text(double ms) {
  return std::fabs(ms) < 0.1 ? fmt::format("{:.3f}", ms) : fmt::format("{:.2f}", ms);
}
}  // namespace

StatementMs statement_ms(const CellRecord& cell) {
  StatementMs out;
  if (cell.counters.transactions == 0) return out;
  const auto txn = static_cast<double>(cell.counters.transactions);
  for (const measured::StatementTime& t : cell.statements) out.emplace_back(t.statement, t.total_ms / txn);
  return out;
}

StatementMs mean_statement_ms(const std::vector<const CellRecord*>& cells) {
  StatementMs sums;
  std::vector<int> runs;
  for (const CellRecord* cell : cells)
    for (const auto& entry : statement_ms(*cell)) {
      const std::string& name = entry.first;  // a named reference: clang 14 cannot capture a binding
      const double ms = entry.second;
      auto it = std::find_if(sums.begin(), sums.end(), [&](const auto& s) { return s.first == name; });
      if (it == sums.end()) {
        sums.emplace_back(name, 0.0);
        runs.push_back(0);
        it = sums.end() - 1;
      }
      it->second += ms;
      ++runs[static_cast<std::size_t>(it - sums.begin())];
    }
  for (std::size_t i = 0; i < sums.size(); ++i) sums[i].second /= runs[i];
  return sums;
}

std::vector<StatementChange> rank_statements(const StatementMs& from, const StatementMs& to,
                                             std::size_t top) {
  std::vector<StatementChange> out;
  double moved = 0;
  for (const auto& [name, a] : from)
    if (const double* b = find_ms(to, name)) {
      out.push_back({name, a, *b, 0});
      moved += std::fabs(*b - a);
    }
  if (moved <= 0) return {};
  for (StatementChange& c : out) c.share = std::fabs(c.to_ms - c.from_ms) / moved;
  std::erase_if(out, [](const StatementChange& c) {
    return c.share < kStatementMinShare || std::fabs(c.to_ms - c.from_ms) < kStatementMinMs;
  });
  std::sort(out.begin(), out.end(), [](const StatementChange& x, const StatementChange& y) {
    return x.share != y.share ? x.share > y.share : x.statement < y.statement;
  });
  if (out.size() > top) out.resize(top);
  return out;
}

std::string statement_change_text(const StatementChange& c) {
  std::string text = c.statement + " " + ms_text(c.from_ms) + " -> " + ms_text(c.to_ms) + " ms";
  if (c.from_ms > 0) text += fmt::format(" (x{:.2f})", c.to_ms / c.from_ms);
  text += fmt::format(", {:.0f}% of the change", c.share * 100);
  return c.plan_changed ? text + ", its plan changed" : text;
}

std::string statement_changes_text(const std::vector<StatementChange>& changes) {
  std::string text;
  for (const StatementChange& c : changes)
    text += (text.empty() ? "" : ", ") + statement_change_text(c);
  return text;
}

std::string statements_first(const std::vector<StatementChange>& changes, const std::string& rest) {
  std::string text = statement_changes_text(changes);
  if (!rest.empty()) text += (text.empty() ? "" : "; ") + rest;
  return text;
}

}  // namespace versus::results
