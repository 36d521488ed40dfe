#pragma once
// The upgrade report (report/upgrade/upgrade_report.h) as Markdown: intro, performance per workload
// (verdict ranges, then the per-thread table), errors and crashes, server variables that differ.
#include <ostream>
#include <string>

#include "report/upgrade/upgrade_report.h"

namespace versus::report {

// "1-4 threads: 12.0% faster [8.0%, 16.0%]" (plain text, no Markdown in it).
std::string range_text(const VerdictRange& range);
// How the report's changes were estimated, in plain text: the run's own comparisons (and so
// comparison.md's verdicts) where `from` is the run's baseline, else the same estimator with
// its own family; the caller escapes it.
std::string estimate_legend(const UpgradeReport& r);

void write_upgrade_markdown(std::ostream& out, const UpgradeReport& report);

}  // namespace versus::report
