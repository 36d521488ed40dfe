#include "results/evidence/query_changes.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace versus::results {

namespace {

using measured::ClassResults;
using measured::ExecutionResult;

const ClassResults* class_named(const measured::QueryResults& results,
                                const std::string& statement) {
  for (const ClassResults& c : results.classes)
    if (c.statement == statement) return &c;
  return nullptr;
}

// Rows are compared where both succeeded: a failed statement's missing rows are its error.
bool result_rows_differ(const ExecutionResult& a, const ExecutionResult& b) {
  if (a.error != 0 || b.error != 0) return false;
  return a.result_set != b.result_set || a.rows != b.rows || a.checksum != b.checksum;
}

// Warnings by code and level, in no order: their texts are not compared.
std::vector<std::pair<unsigned, std::string>> warning_codes(const ExecutionResult& e) {
  std::vector<std::pair<unsigned, std::string>> codes;
  for (const measured::WarningRecord& w : e.warnings) codes.emplace_back(w.code, w.level);
  std::sort(codes.begin(), codes.end());
  return codes;
}

bool warnings_differ(const ExecutionResult& a, const ExecutionResult& b) {
  return warning_codes(a) != warning_codes(b);
}

// The first position whose log lines differ, when both kept as many executions.
std::optional<std::size_t> first_misaligned(const ClassResults& base, const ClassResults& other) {
  if (base.executions.size() != other.executions.size() ||
      base.rest.executions != other.rest.executions)
    return std::min(base.executions.size(), other.executions.size());
  for (std::size_t i = 0; i < base.executions.size(); ++i)
    if (base.executions[i].line != other.executions[i].line) return i;
  return std::nullopt;
}

std::optional<ShownRowDifference> shown_row_difference(const ExecutionResult& base,
                                                       const ExecutionResult& other) {
  const bool kept = !base.columns.empty() && !other.columns.empty();
  if (!kept || !base.result_set || !other.result_set) return std::nullopt;
  if (base.columns != other.columns)
    return ShownRowDifference{0, "", "", true, base.columns, other.columns};
  const std::size_t n = std::max(base.rows_shown.size(), other.rows_shown.size());
  for (std::size_t i = 0; i < n; ++i) {
    std::string a = i < base.rows_shown.size() ? base.rows_shown[i] : "";
    std::string b = i < other.rows_shown.size() ? other.rows_shown[i] : "";
    if (a != b) return ShownRowDifference{i, std::move(a), std::move(b), false, {}, {}};
  }
  return std::nullopt;
}

void count_error(ClassComparison& c, const ExecutionResult& base, const ExecutionResult& other) {
  if (base.error == other.error) return;
  ++c.errors_differ;
  if (base.error == 0)
    ++c.new_errors;
  else if (other.error == 0)
    ++c.errors_gone;
  else
    ++c.other_errors;
}

// Compares two aligned classes' executions one by one, then the rest as a whole.
void compare_executions(ClassComparison& c, const ClassResults& base, const ClassResults& other) {
  c.executions = base.executions.size();
  c.rest_executions = base.rest.executions;
  for (std::size_t i = 0; i < base.executions.size(); ++i) {
    const ExecutionResult& a = base.executions[i];
    const ExecutionResult& b = other.executions[i];
    const bool rows = result_rows_differ(a, b), warnings = warnings_differ(a, b);
    const bool error = a.error != b.error;
    c.rows_differ += rows ? 1 : 0;
    c.warnings_differ += warnings ? 1 : 0;
    count_error(c, a, b);
    if ((rows || warnings || error) && !c.example)
      c.example = ExecutionExample{i, a, b, shown_row_difference(a, b)};
  }
  c.rest_differs = base.rest != other.rest;
}

// The reasons that set a class apart: a tolerant class's floating-point reason is not one, its
// values having been hashed rounded (load/family/replay/nondeterminism.h words it so).
std::vector<std::string> apart_reasons(const ClassResults& c, bool tolerant) {
  std::vector<std::string> reasons = c.nondeterminism;
  if (tolerant)
    std::erase_if(reasons, [](const std::string& r) {
      return r.find("floating-point") != std::string::npos;
    });
  return reasons;
}

ClassComparison compare_class(const ClassResults& base, const ClassResults& other) {
  ClassComparison c;
  c.statement = base.statement;
  c.tolerant = base.tolerant || other.tolerant;
  c.nondeterminism = apart_reasons(base.nondeterminism.empty() ? other : base, c.tolerant);
  c.base_executions = base.executions.size() + base.rest.executions;
  c.other_executions = other.executions.size() + other.rest.executions;
  if (auto at = first_misaligned(base, other)) {
    c.outcome = ClassOutcome::not_aligned;
    c.first_misaligned = at;
    return c;
  }
  compare_executions(c, base, other);
  if (c.differs())
    c.outcome = c.nondeterminism.empty() ? ClassOutcome::changed : ClassOutcome::by_nature;
  return c;
}

ClassComparison one_side(const ClassResults& c, ClassOutcome outcome) {
  ClassComparison out;
  out.statement = c.statement;
  out.outcome = outcome;
  out.nondeterminism = c.nondeterminism;
  out.tolerant = c.tolerant;
  const std::size_t n = c.executions.size() + c.rest.executions;
  (outcome == ClassOutcome::only_base ? out.base_executions : out.other_executions) = n;
  return out;
}

}  // namespace

std::vector<ClassComparison> compare_query_results(const measured::QueryResults& base,
                                                   const measured::QueryResults& other) {
  std::vector<ClassComparison> out;
  for (const ClassResults& c : base.classes) {
    const ClassResults* o = class_named(other, c.statement);
    out.push_back(o ? compare_class(c, *o) : one_side(c, ClassOutcome::only_base));
  }
  for (const ClassResults& c : other.classes)
    if (!class_named(base, c.statement)) out.push_back(one_side(c, ClassOutcome::only_other));
  return out;
}

std::size_t QueryChanges::count(ClassOutcome outcome) const {
  return static_cast<std::size_t>(
      std::count_if(classes.begin(), classes.end(),
                    [&](const ClassComparison& c) { return c.outcome == outcome; }));
}

std::uint64_t QueryChanges::executions_compared() const {
  std::uint64_t n = 0;
  for (const ClassComparison& c : classes) n += c.executions + c.rest_executions;
  return n;
}

namespace {

// (profile, engine, workload): where two servers' replays are compared.
using ReplayKey = std::tuple<std::string, std::string, std::string>;

ReplayKey replay_key_of(const CellRecord& c) {
  return {c.profile, c.engine, c.workload};
}

// Of `server`'s recorded cells at `key`, the one of each thread count with the lowest repeat.
std::map<int, const CellRecord*> recorded_by_threads(const RunResults& run,
                                                     const std::string& server,
                                                     const ReplayKey& key) {
  std::map<int, const CellRecord*> out;
  for (const CellRecord& c : run.cells) {
    if (c.server != server || replay_key_of(c) != key || !c.query_results.recorded) continue;
    auto [it, added] = out.emplace(c.threads, &c);
    if (!added && c.repeat < it->second->repeat) it->second = &c;
  }
  return out;
}

// The replay keys in order of first appearance among the recorded cells of `profile` ("": any).
std::vector<ReplayKey> replay_keys(const RunResults& run, const std::string& profile) {
  std::vector<ReplayKey> keys;
  for (const CellRecord& c : run.cells)
    if (c.query_results.recorded && (profile.empty() || c.profile == profile) &&
        std::find(keys.begin(), keys.end(), replay_key_of(c)) == keys.end())
      keys.push_back(replay_key_of(c));
  return keys;
}

std::optional<QueryChanges> pair_of(const RunResults& run, const std::string& from,
                                    const std::string& to, const ReplayKey& key) {
  const auto base = recorded_by_threads(run, from, key);
  const auto other = recorded_by_threads(run, to, key);
  for (const auto& [threads, b] : base) {
    auto o = other.find(threads);
    if (o == other.end()) continue;
    const measured::QueryResults& bq = b->query_results;
    const measured::QueryResults& oq = o->second->query_results;
    return QueryChanges{std::get<2>(key),
                        std::get<1>(key),
                        std::get<0>(key),
                        from,
                        to,
                        threads,
                        bq.rows_values || oq.rows_values,
                        compare_query_results(bq, oq),
                        bq.stopped,
                        oq.stopped};
  }
  return std::nullopt;
}

std::vector<std::string> servers_in_order(const RunResults& run) {
  std::vector<std::string> servers = run.info.servers;
  for (const CellRecord& c : run.cells)
    if (std::find(servers.begin(), servers.end(), c.server) == servers.end())
      servers.push_back(c.server);
  return servers;
}

}  // namespace

std::vector<QueryChanges> query_changes_between(const RunResults& run, const std::string& from,
                                                const std::string& to, const std::string& profile) {
  std::vector<QueryChanges> out;
  for (const ReplayKey& key : replay_keys(run, profile))
    if (auto pair = pair_of(run, from, to, key)) out.push_back(std::move(*pair));
  return out;
}

std::vector<QueryChanges> run_query_changes(const RunResults& run) {
  const std::vector<std::string> servers = servers_in_order(run);
  std::vector<QueryChanges> out;
  if (servers.empty()) return out;
  for (std::size_t s = 1; s < servers.size(); ++s) {
    auto pairs = query_changes_between(run, servers.front(), servers[s], "");
    for (QueryChanges& p : pairs) out.push_back(std::move(p));
  }
  return out;
}

}  // namespace versus::results
