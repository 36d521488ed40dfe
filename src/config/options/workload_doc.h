#pragma once
// The workload file reference (docs/workload-file.md), generated from the option table's
// Level::workload_* rows so it cannot drift from the parser (workload_doc_test checks).
#include <string>

namespace versus::config {

// Markdown: intro with an example, one table per level of the file, how generators draw.
std::string render_workload_doc();

}  // namespace versus::config
