#pragma once
// Plain-text comparison tables for a terminal, one per workload and engine:
//
//   oltp_read_write, innodb (TPS, QPS in parentheses; ratio to a/default)
//   Per transaction (sysbench 1.0): BEGIN, 10 point selects, ..., COMMIT; ids: special (...)
//   threads |      a/default |              b/default
//   --------+----------------+-----------------------
//         1 | 1234.5 (24690) | 1271.6 (25432) x1.03
//
// The second line is the table's load (report/run/load_shape_text.h), on one line however long.
// Layout when a table is wider than `width`: first the headers go on two lines
// (server, then profile); if it is still too wide, each cell goes on two lines too
// (TPS and ratio, then QPS). Nothing is ever dropped; a table that does not fit even
// so is printed wider than `width`.
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/run/text_table.h"
#include "report/shared/comparison.h"

namespace versus::report {

struct TerminalOptions {
  std::size_t width = 100;  // characters per line the layout tries to stay within
};

void write_terminal(std::ostream& out, const std::vector<ComparisonTable>& tables,
                    const TerminalOptions& options = {});

// A TextTable: its title, then the header, a rule and the rows, numbers right-aligned.
void write_text_table(std::ostream& out, const TextTable& table);
// Prints `text` folded at spaces into lines of at most `width` characters (a longer word stands
// alone); continuation lines start with `indent`.
void print_folded(std::ostream& out, const std::string& text, std::size_t width,
                  std::string_view indent = "  ");

}  // namespace versus::report
