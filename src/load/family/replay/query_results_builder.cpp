#include "load/family/replay/query_results_builder.h"

#include <fmt/format.h>

#include <utility>

#include "load/family/replay/nondeterminism.h"
#include "load/family/replay/row_checksum.h"

namespace versus::load::replay {

void RestHash::add(const measured::ExecutionResult& e) {
  std::string codes;
  for (const auto& w : e.warnings) codes += std::to_string(w.code) + ",";
  // The previous hash chains the executions in order; row_hash marks each field's length.
  const ResultRow fields{fmt::format("{:016x}", hash_),
                         std::string(e.result_set ? "1" : "0"),
                         std::to_string(e.rows),
                         e.checksum,
                         codes,
                         std::to_string(e.error)};
  hash_ = row_hash(fields);
  ++executions_;
}

measured::RestOfClass RestHash::value() const {
  if (executions_ == 0) return {};
  return {executions_, fmt::format("{:016x}", hash_)};
}

QueryResultsBuilder::QueryResultsBuilder(std::vector<std::string> classes)
    : names_(std::move(classes)), slots_(names_.size()) {}

const measured::ClassResults& QueryResultsBuilder::open(std::size_t k,
                                                        std::string_view first_text) {
  Slot& s = slots_.at(k);
  if (s.open) return s.results;
  s.open = true;
  s.results.statement = names_[k];
  const auto reasons = nondeterminism_of(first_text);
  for (const auto& n : reasons) s.results.nondeterminism.push_back(n.reason);
  s.results.tolerant = wants_tolerance(reasons);
  return s.results;
}

std::uint64_t QueryResultsBuilder::executions(std::size_t k) const {
  const Slot& s = slots_.at(k);
  return s.results.executions.size() + s.rest.value().executions;
}

void QueryResultsBuilder::add(std::size_t k, measured::ExecutionResult e) {
  Slot& s = slots_.at(k);
  if (s.results.executions.size() < measured::kKeptExecutions)
    s.results.executions.push_back(std::move(e));
  else
    s.rest.add(e);
}

std::vector<measured::ClassResults> QueryResultsBuilder::finish() {
  std::vector<measured::ClassResults> out;
  for (Slot& s : slots_) {
    if (!s.open) continue;
    s.results.rest = s.rest.value();
    out.push_back(std::move(s.results));
  }
  return out;
}

}  // namespace versus::load::replay
