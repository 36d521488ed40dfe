#pragma once
// The upgrade report (report/upgrade/upgrade_report.h) as Markdown: intro, performance per workload
// (verdict ranges, then the per-thread table), errors and crashes, server variables that differ.
#include <ostream>
#include <string>

#include "report/upgrade/upgrade_report.h"

namespace versus::report {

// "1-4 threads: 12.0% faster [8.0%, 16.0%]" (plain text, no Markdown in it).
std::string range_text(const VerdictRange& range);

void write_upgrade_markdown(std::ostream& out, const UpgradeReport& report);

}  // namespace versus::report
