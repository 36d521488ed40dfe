#include "report/run/run_markdown.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "report/notes/error_notes.h"
#include "report/notes/evidence.h"
#include "report/notes/settings_notes.h"
#include "report/run/class_verdict_table.h"
#include "report/run/efficiency_table.h"
#include "report/run/load_shape_text.h"
#include "report/shared/cell_text.h"
#include "results/record/shard_union.h"

namespace versus::report {

namespace {

using Line = std::vector<std::string>;  // the escaped cells of one table line

Line header_line(const ComparisonTable& table) {
  Line line{row_axis_title(table)};
  for (const Column& column : table.columns) line.push_back(markdown_escape(column_label(column)));
  return line;
}

std::string cell_markdown(const ComparisonCell& cell, bool with_ratio) {
  std::string missing = missing_text(cell);
  return markdown_escape(missing.empty() ? cell_line(cell, with_ratio) : missing);
}

Line body_line(const ComparisonTable& table, const ComparisonRow& row) {
  Line line{row_key_text(table, row)};
  for (std::size_t i = 0; i < row.cells.size(); ++i)
    line.push_back(cell_markdown(row.cells[i], i > 0));
  return line;
}

// Column widths; at least 4 so the "---:" alignment marker fits.
std::vector<std::size_t> widths_of(const std::vector<Line>& lines) {
  std::vector<std::size_t> widths(lines.front().size(), 4);
  for (const Line& line : lines)
    for (std::size_t i = 0; i < line.size(); ++i)
      widths[i] = std::max(widths[i], display_width(line[i]));
  return widths;
}

// `left`: the column of names aligned left (":---"), -1 for none; every other one right.
void print_line(std::ostream& out, const Line& line, const std::vector<std::size_t>& widths,
                int left = -1) {
  out << '|';
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool names = static_cast<int>(i) == left;
    const std::size_t shown = display_width(line[i]);
    const std::string pad(shown >= widths[i] ? 0 : widths[i] - shown, ' ');
    out << ' ' << (names ? line[i] + pad : pad + line[i]) << " |";
  }
  out << '\n';
}

void print_alignment(std::ostream& out, const std::vector<std::size_t>& widths, int left = -1) {
  out << '|';
  for (std::size_t i = 0; i < widths.size(); ++i) {
    const std::string dashes(widths[i] - 1, '-');
    out << ' ' << (static_cast<int>(i) == left ? ':' + dashes : dashes + ':') << " |";
  }
  out << '\n';
}

// A bullet list under a bold title and why it matters, so it stands out in a rendered report.
void write_warnings(std::ostream& out, const std::string& title, const std::string& why,
                    const std::vector<std::string>& warnings) {
  if (warnings.empty()) return;
  out << "\n**" << title << "** (" << why << "):\n\n";
  for (const std::string& warning : warnings) out << "- " << markdown_escape(warning) << '\n';
}

void write_table(std::ostream& out, const ComparisonTable& table) {
  out << "## " << markdown_escape(table_title(table)) << "\n\n";
  out << markdown_escape(legend(table)) << ".\n\n";
  out << markdown_escape(load_shape_text(table.mix, table.distribution)) << ".\n\n";
  std::vector<Line> lines{header_line(table)};
  for (const ComparisonRow& row : table.rows) lines.push_back(body_line(table, row));
  const auto widths = widths_of(lines);
  print_line(out, lines.front(), widths);
  print_alignment(out, widths);
  for (std::size_t i = 1; i < lines.size(); ++i) print_line(out, lines[i], widths);
  if (has_partial(table)) out << '\n' << markdown_escape(kPartialNote) << '\n';
  if (has_statistics(table)) out << '\n' << markdown_escape(statistics_note(table)) << '\n';
  write_warnings(out, "Noisy cells",
                 fmt::format("TPS CV above {:.0f}%; small differences need more repeats",
                             results::kNoisyCv * 100),
                 noise_warnings(table));
  write_warnings(out, "Host drift", "CPU probe spread above the claimed difference",
                 probe_warnings(table));
  write_warnings(out, "Hung servers", "transactions left unanswered at the end of a run",
                 abandoned_warnings(table));
  write_warnings(out, "Stalls", "stretches of a measured interval in which the server answered "
                 "no session for stall_limit or longer", stall_warnings(table));
  write_warnings(out, "Undecided", "neither inside +-min_difference (=) nor beyond it at the "
                 "run's error rate: what more rounds would decide", undecided_notes(table));
  write_warnings(out, "Odd rounds", "a round far from the cell's other rounds, with what moved "
                 "in it: is the round odd, or the release?", odd_round_notes(table));
  write_warnings(out, "Busy machine",
                 "other processes took more of the CPU than interference_limit allows",
                 interference_warnings(table));
  write_warnings(out, "Query plans", "plan counters per transaction apart from the baseline's",
                 plan_warnings(table));
  write_warnings(out, "Settings that differ",
                 "listed settings a column ran otherwise than the baseline", settings_lines(table));
  write_warnings(out, "Retried errors",
                 "errors retried in more than 1% of a column's transactions, by code",
                 error_notes(table));
  if (auto efficiency = efficiency_table(table)) write_markdown_text_table(out, *efficiency);
  for (const TextTable& t : class_verdict_tables(table)) write_markdown_text_table(out, t);
  write_warnings(out, "Counters behind the differences",
                 "per transaction, the most moved against the baseline", evidence_lines(table));
}

// One line of machine facts; nothing for results recorded without them.
// `label`: "machine", or "client machine" when the servers ran on another host.
void write_machine(std::ostream& out, const results::MachineFacts& m, const char* label) {
  if (m.cpu_model.empty() && m.cores == 0 && m.kernel.empty()) return;
  std::string text = fmt::format("{} ({} CPUs), {:.1f} GiB, {}", m.cpu_model, m.cores,
                                 static_cast<double>(m.memory_bytes) / (1 << 30), m.kernel);
  if (!m.governor.empty()) text += ", governor " + m.governor;
  out << "- " << label << ": " << markdown_escape(text) << '\n';
}

void write_summary(std::ostream& out, const results::RunInfo& info) {
  out << "# versus run " << markdown_escape(info.run_id) << "\n\n";
  out << "- matrix: " << markdown_escape(info.matrix_file) << '\n';
  out << "- started: " << markdown_escape(info.started_at) << '\n';
  out << "- versus: " << markdown_escape(info.versus_version) << '\n';
  if (!info.server_host.empty())  // the servers ran on another host (docs/remote.md)
    out << "- servers on host " << markdown_escape(info.server_host) << " ("
        << markdown_escape(info.server_address)
        << "): " << markdown_escape(results::host_text(info.server_machine)) << '\n';
  const char* label = info.server_host.empty() ? "machine" : "client machine";
  if (info.hosts.empty()) return write_machine(out, info.machine, label);
  // A merge of shards: each shard's host (results/record/shard_union.h).
  for (const results::ShardHost& h : info.hosts)
    out << "- shard " << h.shard << "/" << info.shard.count << ": "
        << markdown_escape(results::host_text(h.machine)) << '\n';
}

}  // namespace

void write_markdown_text_table(std::ostream& out, const TextTable& t) {
  std::vector<Line> lines{t.header};
  for (const auto& row : t.rows) lines.push_back(row);
  for (Line& line : lines)
    for (std::string& cell : line) cell = markdown_escape(cell);
  const auto widths = widths_of(lines);
  out << '\n' << markdown_escape(t.title) << ":\n\n";
  print_line(out, lines.front(), widths, t.left_column);
  print_alignment(out, widths, t.left_column);
  for (std::size_t i = 1; i < lines.size(); ++i) print_line(out, lines[i], widths, t.left_column);
  if (!t.notes.empty()) out << '\n';
  for (const std::string& note : t.notes) out << markdown_escape(note) << "\n";
}

std::string markdown_escape(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    if (c == '\\' || c == '|' || c == '*') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

void write_markdown(std::ostream& out, const std::vector<ComparisonTable>& tables,
                    const results::RunInfo& info, const std::function<void(std::ostream&)>& lead) {
  write_summary(out, info);
  if (lead) lead(out);
  for (const ComparisonTable& table : tables) {
    out << '\n';
    write_table(out, table);
  }
}

}  // namespace versus::report
