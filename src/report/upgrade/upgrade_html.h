#pragma once
// `versus upgrade-report RUN --from A --to B --html FILE`: the upgrade report as one
// self-contained page (report/html/html_page.h): per workload TPS of both servers against threads
// (95% CI whiskers) and the ratio B / A with its CI and the run's min_difference band, the
// verdict ranges and the per-thread table, errors and crashes, and the server variables that
// differ. Pure: built from the model; the writer takes a stream.
#include <nlohmann/json.hpp>
#include <ostream>

#include "report/upgrade/upgrade_report.h"

namespace versus::report {

nlohmann::ordered_json upgrade_html_data(const UpgradeReport& report);
void write_upgrade_html(std::ostream& out, const UpgradeReport& report);

}  // namespace versus::report
