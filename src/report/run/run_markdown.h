#pragma once
// GitHub-flavoured Markdown: a short run summary, then per workload and engine a
// heading, a legend and the classic blog table (numbers right-aligned). The cells
// read like the terminal's: "1234.5 (24690) x1.03". Padded so the source is aligned too.
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "report/run/text_table.h"
#include "report/shared/comparison.h"
#include "results/record/record.h"

namespace versus::report {

// `lead` writes what comes after the run summary and before the tables (the queries that
// change: report/run/query_changes_table.h).
void write_markdown(std::ostream& out, const std::vector<ComparisonTable>& tables,
                    const results::RunInfo& info,
                    const std::function<void(std::ostream&)>& lead = {});

// Escapes the characters that would break a table or start emphasis: \ | *
std::string markdown_escape(const std::string& text);

// A TextTable as a Markdown table under its title (escaped).
void write_markdown_text_table(std::ostream& out, const TextTable& table);

}  // namespace versus::report
