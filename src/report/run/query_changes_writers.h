#pragma once
// "Queries that change" (report/run/query_changes_table.h) in the run's other formats:
//  - HTML: a section of report.html, before the comparison tables;
//  - JSON: comparison.json's "query_changes", every class compared with its outcome and counts;
//  - CSV: query_changes.csv, one line per class compared (the comparison's long format,
//    comparison.csv, has one line per table row and column; a class is not one of those).
// Pure; the writers take a stream.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "report/run/query_changes_table.h"
#include "results/evidence/query_changes.h"

namespace versus::report {

// The section's HTML: "" without sections. `heading` the level of its title ("h2").
std::string query_changes_html(const std::vector<QueryChangesSection>& sections,
                               const std::string& heading = "h2");

// "same", "changed", "by_nature", "not_aligned", "only_baseline", "only_server".
const char* outcome_name(results::ClassOutcome outcome);

// An array, one object per compared pair: its coordinates, then "classes" (each class's
// outcome, counts and first differing example with both sides' records).
nlohmann::ordered_json query_changes_json(const std::vector<results::QueryChanges>& changes);

// The CSV header and one line per class of every pair (every outcome, "same" too).
void write_query_changes_csv(std::ostream& out, const std::vector<results::QueryChanges>& changes);

}  // namespace versus::report
