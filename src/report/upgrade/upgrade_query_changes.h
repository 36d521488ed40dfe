#pragma once
// The upgrade report's "Queries that change" (after the verdicts and the split of the gap): the
// run's sections for `to` against `from` (report/run/query_changes_table.h), then each changed
// class's plan on both releases, found among the report's statement plans by class name
// ("no plan recorded" when neither instance explained it). Nothing without a replay that
// recorded its results.
#include <ostream>
#include <string>

#include "report/upgrade/upgrade_report.h"

namespace versus::report {

// "`class`: a [<plan>], b [<plan>]; differs: access ref -> ALL", or "...: no plan recorded".
// Plain text pieces styled by the caller: the class in code.
struct ChangedClassPlan {
  std::string statement;
  std::string words;  // what follows the class
};
std::vector<ChangedClassPlan> changed_class_plans(const UpgradeReport& report);

void write_upgrade_query_changes(std::ostream& out, const UpgradeReport& report);
std::string upgrade_query_changes_html(const UpgradeReport& report);

}  // namespace versus::report
