#include "results/record/record_fields.h"

#include <optional>

#include "measured/error_counts.h"
#include "results/record/record_json.h"
#include "results/stats/multiplicity.h"
#include "results/stats/statistics.h"

namespace versus::results {
namespace {

std::string cell_status_text(const CellStatus& status) {
  return std::string(status_name(status));
}

std::string rand_type_text(const sysbench::RandType& type) {
  return std::string(sysbench::rand_type_name(type));
}

std::string error_kind_text(const measured::ErrorKind& kind) {
  return std::string(measured::error_kind_name(kind));
}

std::optional<measured::ErrorKind> error_kind_from_name(std::string_view name) {
  for (auto k :
       {measured::ErrorKind::retried, measured::ErrorKind::reconnected, measured::ErrorKind::fatal})
    if (measured::error_kind_name(k) == name) return k;
  return std::nullopt;
}

std::string warmup_rule_name(const bool& until_steady) {
  return until_steady ? "steady" : "fixed";
}

std::optional<bool> warmup_rule_from_name(std::string_view name) {
  if (name != "steady" && name != "fixed") return std::nullopt;
  return name == "steady";
}

std::string name_as_is(const std::string& name) {
  return name;
}

std::optional<std::string> checked_adjustment(std::string_view name) {
  if (!adjustment_from_name(name)) return std::nullopt;
  return std::string(name);
}

// "" (what no file should hold) reads as "independent", as estimate_from_name takes it.
std::optional<std::string> checked_estimate(std::string_view name) {
  if (!estimate_from_name(name)) return std::nullopt;
  return name.empty() ? std::string("independent") : std::string(name);
}

}  // namespace

const Names<CellStatus> kCellStatusNames{cell_status_text, status_from_name,
                                         R"("ok", "failed", "crashed" or "unresponsive")"};
const Names<measured::ErrorKind> kErrorKindNames{error_kind_text, error_kind_from_name,
                                                 R"("retried", "reconnected" or "fatal")"};
const Names<sysbench::RandType> kRandTypeNames{rand_type_text, sysbench::rand_type_from_name,
                                               "a sysbench --rand-type name"};
const Names<bool> kWarmupRuleNames{warmup_rule_name, warmup_rule_from_name,
                                   R"("fixed" or "steady")", false};
const Names<std::string> kAdjustmentNames{name_as_is, checked_adjustment,
                                          R"("holm", "bh" or "none")"};
const Names<std::string> kEstimateNames{name_as_is, checked_estimate,
                                        R"("paired" or "independent")"};

}  // namespace versus::results
