#include "report/run/run_terminal.h"

#include <algorithm>
#include <sstream>
#include <string>

#include "report/notes/error_notes.h"
#include "report/notes/evidence.h"
#include "report/notes/settings_notes.h"
#include "report/run/class_verdict_table.h"
#include "report/run/efficiency_table.h"
#include "report/run/load_shape_text.h"
#include "report/shared/cell_text.h"

namespace versus::report {

namespace {

using Block = std::vector<std::string>;  // the lines of one table cell
using BlockRow = std::vector<Block>;

struct Layout {
  bool split_header = false;
  bool split_cells = false;
};

struct Grid {
  BlockRow header;
  std::vector<BlockRow> body;
  std::vector<std::size_t> widths;  // per column, in characters
};

BlockRow header_blocks(const ComparisonTable& table, bool split) {
  BlockRow row{{row_axis_title(table)}};
  for (const Column& c : table.columns)
    row.push_back(split ? Block{c.server, c.profile} : Block{column_label(c)});
  return row;
}

Block cell_block(const ComparisonCell& cell, bool with_ratio, bool split) {
  if (std::string missing = missing_text(cell); !missing.empty()) return {missing};
  if (!split) return {cell_line(cell, with_ratio)};
  return cell_lines(cell, with_ratio);
}

BlockRow body_blocks(const ComparisonTable& table, const ComparisonRow& row, bool split) {
  BlockRow blocks{{row_key_text(table, row)}};
  for (std::size_t i = 0; i < row.cells.size(); ++i)
    blocks.push_back(cell_block(row.cells[i], i > 0, split));
  return blocks;
}

void widen(std::vector<std::size_t>& widths, const BlockRow& row) {
  widths.resize(std::max(widths.size(), row.size()), 0);
  for (std::size_t i = 0; i < row.size(); ++i)
    for (const std::string& line : row[i]) widths[i] = std::max(widths[i], display_width(line));
}

Grid make_grid(const ComparisonTable& table, Layout layout) {
  Grid grid{header_blocks(table, layout.split_header), {}, {}};
  for (const ComparisonRow& row : table.rows)
    grid.body.push_back(body_blocks(table, row, layout.split_cells));
  widen(grid.widths, grid.header);
  for (const BlockRow& row : grid.body) widen(grid.widths, row);
  return grid;
}

std::size_t total_width(const Grid& grid) {
  std::size_t total = 0;
  for (std::size_t w : grid.widths) total += w;
  return total + 3 * (grid.widths.size() - 1);  // " | " between columns
}

// The most compact layout that fits in `width`, else the narrowest one.
Grid choose_grid(const ComparisonTable& table, std::size_t width) {
  Grid grid;
  for (Layout layout : {Layout{false, false}, Layout{true, false}, Layout{true, true}}) {
    grid = make_grid(table, layout);
    if (total_width(grid) <= width) break;
  }
  return grid;
}

// Line `index` of a block shown on `lines` lines, aligned to the bottom or the top.
std::string line_of(const Block& block, std::size_t index, std::size_t lines, bool bottom) {
  const std::size_t skip = bottom ? lines - block.size() : 0;
  if (index < skip || index - skip >= block.size()) return "";
  return block[index - skip];
}

void rtrim_line(std::string& line) {
  line.erase(line.find_last_not_of(' ') + 1);
}

void print_row(std::ostream& out, const BlockRow& row, const std::vector<std::size_t>& widths,
               bool bottom) {
  std::size_t lines = 0;
  for (const Block& block : row) lines = std::max(lines, block.size());
  for (std::size_t l = 0; l < lines; ++l) {
    std::string text;
    for (std::size_t i = 0; i < row.size(); ++i)
      text += (i == 0 ? "" : " | ") + align_right(line_of(row[i], l, lines, bottom), widths[i]);
    rtrim_line(text);
    out << text << '\n';
  }
}

void print_rule(std::ostream& out, const std::vector<std::size_t>& widths) {
  std::string text;
  for (std::size_t i = 0; i < widths.size(); ++i)
    text += (i == 0 ? "" : "-+-") + std::string(widths[i], '-');
  out << text << '\n';
}


void write_table(std::ostream& out, const ComparisonTable& table, const TerminalOptions& options) {
  out << table_title(table) << " (" << legend(table) << ")\n";
  print_folded(out, load_shape_text(table.mix, table.distribution), options.width);
  const Grid grid = choose_grid(table, options.width);
  print_row(out, grid.header, grid.widths, true);
  print_rule(out, grid.widths);
  for (const BlockRow& row : grid.body) print_row(out, row, grid.widths, false);
  if (has_partial(table)) out << kPartialNote << '\n';
  if (has_statistics(table)) out << statistics_note(table) << '\n';
  for (const std::string& warning : noise_warnings(table)) out << warning << '\n';
  for (const std::string& warning : probe_warnings(table)) out << warning << '\n';
  for (const std::string& warning : abandoned_warnings(table)) out << warning << '\n';
  for (const std::string& warning : stall_warnings(table)) print_folded(out, warning, options.width);
  for (const std::string& note : undecided_notes(table)) print_folded(out, note, options.width);
  for (const std::string& note : odd_round_notes(table)) print_folded(out, note, options.width);
  for (const std::string& warning : interference_warnings(table)) out << warning << '\n';
  for (const std::string& warning : plan_warnings(table)) print_folded(out, warning, options.width);
  for (const std::string& line : settings_lines(table)) print_folded(out, line, options.width);
  for (const std::string& note : error_notes(table)) print_folded(out, note, options.width);
  if (auto efficiency = efficiency_table(table)) {
    out << '\n';
    write_text_table(out, *efficiency);
  }
  for (const TextTable& t : class_verdict_tables(table)) write_text_table(out << '\n', t);
  for (const std::string& line : evidence_lines(table)) print_folded(out, line, options.width);
}

}  // namespace

void print_folded(std::ostream& out, const std::string& text, std::size_t width,
                  std::string_view indent) {
  std::string line;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (line.empty()) {
      line = word;
    } else if (line.size() + 1 + word.size() <= width) {
      line += ' ' + word;
    } else {
      out << line << '\n';
      line = std::string(indent) + word;
    }
  }
  if (!line.empty()) out << line << '\n';
}

void write_text_table(std::ostream& out, const TextTable& t) {
  std::vector<std::size_t> widths(t.header.size(), 0);
  for (const auto* line : {&t.header})
    for (std::size_t i = 0; i < line->size(); ++i) widths[i] = display_width((*line)[i]);
  for (const auto& line : t.rows)
    for (std::size_t i = 0; i < line.size(); ++i)
      widths[i] = std::max(widths[i], display_width(line[i]));
  auto print = [&](const std::vector<std::string>& line) {
    std::string text;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const std::string cell = static_cast<int>(i) == t.left_column
                                   ? line[i] + std::string(widths[i] - display_width(line[i]), ' ')
                                   : align_right(line[i], widths[i]);
      text += (i == 0 ? "" : " | ") + cell;
    }
    rtrim_line(text);
    out << text << '\n';
  };
  out << t.title << '\n';
  print(t.header);
  print_rule(out, widths);
  for (const auto& line : t.rows) print(line);
  for (const std::string& note : t.notes) out << note << '\n';
}

void write_terminal(std::ostream& out, const std::vector<ComparisonTable>& tables,
                    const TerminalOptions& options) {
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (i > 0) out << '\n';
    write_table(out, tables[i], options);
  }
}

}  // namespace versus::report
