#pragma once
// TextTable: a small table already turned into text cells (the efficiency table under each
// throughput table, the data-size table). Models build it; the terminal and Markdown writers
// lay it out their way (write_text_table in run_terminal.h, write_markdown_text_table in
// run_markdown.h).
#include <string>
#include <vector>

namespace versus::report {

struct TextTable {
  std::string title;                           // one line, without a trailing colon
  std::vector<std::string> header;             // column names
  std::vector<std::vector<std::string>> rows;  // each as long as header
  int left_column = -1;  // the column the terminal aligns left (names); -1: every one right
  std::vector<std::string> notes;  // lines under the table (what it could not show, and why)
};

}  // namespace versus::report
