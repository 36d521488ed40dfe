#include "report/shared/cell_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "sysbench/family_traits.h"

namespace versus::report {

std::string format_tps(double tps) {
  return fmt::format("{:.1f}", tps);
}

std::string format_qps(double qps) {
  return fmt::format("{:.0f}", qps);
}

std::string format_ratio(double ratio) {
  return fmt::format("x{:.2f}", ratio);
}

bool is_partial(const ComparisonCell& cell) {
  return cell.runs > 0 && (cell.failed > 0 || cell.crashed > 0 || cell.unresponsive > 0);
}

bool has_partial(const ComparisonTable& table) {
  return std::any_of(table.rows.begin(), table.rows.end(), [](const ComparisonRow& row) {
    return std::any_of(row.cells.begin(), row.cells.end(), is_partial);
  });
}

std::string missing_text(const ComparisonCell& cell) {
  if (cell.runs > 0) return "";
  if (cell.crashed > 0) return "crashed";
  if (cell.unresponsive > 0) return "unresponsive";
  if (cell.failed > 0) return "failed";
  return "-";
}

std::string tps_text(const ComparisonCell& cell) {
  return format_tps(cell.tps) + (is_partial(cell) ? "*" : "");
}

std::string qps_text(const ComparisonCell& cell) {
  return "(" + format_qps(cell.qps) + ")";
}

std::string ratio_text(const ComparisonCell& cell, bool with_ratio) {
  return with_ratio && cell.ratio ? format_ratio(*cell.ratio) : "";
}

std::string ci_text(const ComparisonCell& cell) {
  const auto half = results::relative_half_width(cell.tps_summary);
  return half ? fmt::format("±{:.1f}%", *half * 100) : "";
}

std::string estimate_text(const ComparisonCell& cell, bool with_ratio) {
  if (!with_ratio || !cell.ratio || !cell.vs_baseline) return "";
  const results::RatioEstimate& e = *cell.vs_baseline;
  if (e.verdict == results::Verdict::insufficient_data) return "";
  const std::string ci =
      e.ci ? fmt::format("[{:.2f}, {:.2f}]", e.ci->low, e.ci->high) : "[unbounded]";
  return ci + " " + std::string(results::verdict_name(e.verdict, results::VerdictForm::symbol));
}

namespace {
// `parts` joined by single spaces, skipping empty ones.
std::string join(std::initializer_list<std::string> parts) {
  std::string line;
  for (const std::string& part : parts)
    if (!part.empty()) line += (line.empty() ? "" : " ") + part;
  return line;
}
}  // namespace

std::string value_text(const ComparisonCell& cell) {
  const std::string partial = is_partial(cell) ? "*" : "";
  switch (cell.metric) {
    case config::Metric::tps:
      return tps_text(cell);
    case config::Metric::qps:
      return format_qps(cell.qps) + partial;
    case config::Metric::rw:
      return format_qps(cell.rw) + partial;
    case config::Metric::p95:
      return fmt::format("{:.2f}", cell.p95_ms) + partial;
    case config::Metric::nopm:
      return format_qps(cell.nopm) + partial;
  }
  return tps_text(cell);
}

namespace {
// The TPS statistics hold for QPS, r/w requests and NOPM (a fixed multiple of TPS in one
// table: New-Order is 45 of the 100 cards of each connection's deck); not for a latency
// percentile, which shows its value and ratio alone.
bool with_statistics(const ComparisonCell& cell) {
  return cell.metric != config::Metric::p95;
}
}  // namespace

namespace {
std::string rule_text(const ComparisonTable& table) {
  if (table.max_repeats > 0)
    return fmt::format(
        "the ratio's interval at the deciding round (repeats: auto, alpha {:.2g} per comparison "
        "spent over {} rounds) beyond +-{:g}%; =: inside it; undecided: neither",
        table.sequential_alpha, table.max_repeats, table.min_difference * 100);
  const std::string tail =
      fmt::format(" and at least a {:g}% difference", table.min_difference * 100);
  switch (table.adjustment) {
    case results::Adjustment::holm:
      return fmt::format("Holm-adjusted p < 0.05 over the run's {} comparisons",
                         table.family_size) +
             tail;
    case results::Adjustment::bh:
      return fmt::format("Benjamini-Hochberg-adjusted p < 0.05 over the run's {} comparisons",
                         table.family_size) +
             tail;
    case results::Adjustment::none:
      break;
  }
  return "p < 0.05 (each comparison on its own)" + tail;
}

// What "=" and "undecided" mean in a fixed-repeats table.
std::string equivalence_text(const ComparisonTable& table) {
  if (table.max_repeats > 0) return "";
  return fmt::format("; =: the interval inside +-{:g}%; undecided: neither",
                     table.min_difference * 100);
}
}  // namespace

std::string statistics_note(const ComparisonTable& table) {
  const std::string ratio = table.estimate == results::Estimate::paired
                                ? "95% CI of the ratio, paired by round (geometric mean of the "
                                  "rounds' ratios)"
                                : "95% CI of the ratio";
  const std::string nopm = table.metric == config::Metric::nopm
                               ? "; for NOPM the ± and intervals of TPS (New-Order is a "
                                 "fixed 45% of the mix)"
                               : "";
  return "±: 95% CI of the mean TPS; [low, high]: " + ratio + "; faster/slower: " +
         rule_text(table) + equivalence_text(table) + nopm;
}

std::string cell_line(const ComparisonCell& cell, bool with_ratio) {
  const bool stats = with_statistics(cell);
  return join({value_text(cell), stats ? ci_text(cell) : "",
               cell.metric == config::Metric::tps ? qps_text(cell) : "",
               ratio_text(cell, with_ratio), stats ? estimate_text(cell, with_ratio) : ""});
}

std::vector<std::string> cell_lines(const ComparisonCell& cell, bool with_ratio) {
  const bool stats = with_statistics(cell);
  if (cell.metric != config::Metric::tps) {
    std::vector<std::string> lines{
        join({value_text(cell), stats ? ci_text(cell) : "", ratio_text(cell, with_ratio)})};
    if (std::string e = stats ? estimate_text(cell, with_ratio) : ""; !e.empty())
      lines.push_back(e);
    return lines;
  }
  return {join({tps_text(cell), ci_text(cell), ratio_text(cell, with_ratio)}),
          join({qps_text(cell), estimate_text(cell, with_ratio)})};
}

bool has_statistics(const ComparisonTable& table) {
  if (table.metric == config::Metric::p95) return false;
  return std::any_of(table.rows.begin(), table.rows.end(), [](const ComparisonRow& row) {
    return std::any_of(row.cells.begin(), row.cells.end(),
                       [](const ComparisonCell& c) { return c.tps_summary.n >= 2; });
  });
}

std::string threads_text(int threads) {
  return fmt::format("{} thread{}", threads, threads == 1 ? "" : "s");
}

std::vector<std::string> noise_warnings(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      const results::Summary& s = row.cells[i].tps_summary;
      if (s.n < 2 || !(s.cv > results::kNoisyCv)) continue;
      lines.push_back(
          fmt::format("noisy: {} at {}: CV {:.1f}% over {} runs; ~{} repeats to detect a {:.0f}% "
                      "difference",
                      column_label(table.columns[i]), threads_text(row.threads), s.cv * 100, s.n,
                      results::suggested_repeats(s.cv), results::kDetectableDifference * 100));
    }
  return lines;
}

namespace {
// A difference below the run's min_difference is no claim, with one run or many.
bool claims_difference(const ComparisonCell& cell, double min_difference) {
  return cell.ratio && std::abs(*cell.ratio - 1) >= min_difference &&
         !(cell.vs_baseline && (cell.vs_baseline->verdict == results::Verdict::equivalent ||
                                cell.vs_baseline->verdict == results::Verdict::undecided));
}
}  // namespace

std::vector<std::string> probe_warnings(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 1; row.probe_spread && i < row.cells.size(); ++i) {
      const ComparisonCell& cell = row.cells[i];
      if (!claims_difference(cell, table.min_difference)) continue;
      const double claimed = std::abs(*cell.ratio - 1);
      if (!(*row.probe_spread > claimed)) continue;
      lines.push_back(
          fmt::format("probe: host CPU speed varied {:.1f}% across the runs at {}, more than the "
                      "{:.1f}% difference claimed for {}",
                      *row.probe_spread * 100, threads_text(row.threads), claimed * 100,
                      column_label(table.columns[i])));
    }
  return lines;
}

std::vector<std::string> abandoned_warnings(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      if (row.cells[i].abandoned == 0) continue;
      lines.push_back(fmt::format(
          "hung: {} at {}: {} transactions unanswered 5 s after a run ended; did the "
          "server stop answering? Its figures include the wait",
          column_label(table.columns[i]), threads_text(row.threads), row.cells[i].abandoned));
    }
  return lines;
}

namespace {
// "a", "a and b", "a, b and c".
std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

std::string stall_line(const ComparisonTable& table, const ComparisonRow& row, std::size_t i) {
  const ComparisonCell& cell = row.cells[i];
  std::vector<std::string> lengths, rounds;
  for (const ComparisonCell::Stalled& s : cell.stalled) {
    std::vector<std::string> starts;
    for (const measured::Stall& st : s.stalls) {
      lengths.push_back(fmt::format("{:.1f} s", st.seconds));
      starts.push_back(fmt::format("{:.1f} s", st.start_s));
    }
    rounds.push_back(fmt::format("round {} at {}", s.round + 1, join_words(starts)));
  }
  // The ok runs, and the disturbed ones repeats: auto left out of them.
  const int all = cell.runs + static_cast<int>(std::count_if(
                                  cell.disturbed.begin(), cell.disturbed.end(),
                                  [](const ComparisonCell::Disturbed& d) { return d.left_out; }));
  return fmt::format(
      "stalls: {} at {}: {} in {} of {} rounds, {} without an answer ({}); its figures include "
      "them",
      column_label(table.columns[i]), threads_text(row.threads), lengths.size(),
      cell.stalled.size(), all, join_words(lengths), fmt::join(rounds, "; "));
}

// "p 0.012 alone, 0.084 after Holm over the run's 12 comparisons; " for a verdict the run's
// error control held back (its interval alone lies beyond +-min_difference), else "".
std::string held_back_text(const ComparisonTable& table, const results::RatioEstimate& e) {
  if (!results::held_back(e)) return "";
  const char* how = table.adjustment == results::Adjustment::bh ? "Benjamini-Hochberg" : "Holm";
  return fmt::format("p {:.2g} alone, {:.2g} after {} over the run's {} comparisons; ",
                     *e.p_value, *e.adjusted_p_value, how, table.family_size);
}
}  // namespace

std::vector<std::string> undecided_notes(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 1; i < row.cells.size(); ++i) {
      const auto& e = row.cells[i].vs_baseline;
      if (!e || e->verdict != results::Verdict::undecided) continue;
      const std::string ci =
          e->ci ? fmt::format("[{:.2f}, {:.2f}]", e->ci->low, e->ci->high) : "[unbounded]";
      const auto n = results::rounds_to_decide(*e);
      const std::string more =
          n ? fmt::format("~{} more round{} would decide a {:.0f}% difference at this spread",
                          *n - e->rounds, *n - e->rounds == 1 ? "" : "s",
                          results::difference_to_decide(*e) * 100)
            : std::string("more rounds would narrow it");
      lines.push_back(fmt::format("undecided: {} at {}, x{:.2f} {}: {}{}",
                                  column_label(table.columns[i]), threads_text(row.threads),
                                  e->ratio, ci, held_back_text(table, *e), more));
    }
  return lines;
}

namespace {
// "server CPU per transaction 1378 us against 844 (+63%)" when the fact moved; "" otherwise.
std::string moved(const char* what, const std::optional<double>& odd,
                  const std::optional<double>& typical, const char* unit) {
  if (!odd || !typical) return "";
  if (*typical != 0 && std::fabs(*odd / *typical - 1) <= 0.10) return "";
  if (*typical == 0 && *odd == 0) return "";
  const std::string change =
      *typical != 0 ? fmt::format(" ({:+.0f}%)", (*odd / *typical - 1) * 100) : "";
  return fmt::format("{} {:.{}f}{} against {:.{}f}{}", what, *odd, *odd < 10 ? 2 : 0, unit,
                     *typical, *typical < 10 ? 2 : 0, unit) +
         change;
}

std::string odd_round_line(const std::string& where, const results::OddRound& o) {
  const results::RoundFacts &a = o.odd, &t = o.typical;
  std::vector<std::string> facts;
  if (a.others_share && t.others_share && std::fabs(*a.others_share - *t.others_share) > 0.05)
    facts.push_back(fmt::format("other processes {:.0f}% of the machine against {:.0f}%",
                                *a.others_share * 100, *t.others_share * 100));
  for (std::string f : {moved("host speed", a.host_speed, t.host_speed, ""),
                        moved("server CPU per transaction", a.server_cpu_us, t.server_cpu_us, " us"),
                        moved("pages flushed per transaction", a.flushed, t.flushed, ""),
                        moved("undo history growth", a.history_growth, t.history_growth, "")})
    if (!f.empty()) facts.push_back(f);
  return fmt::format("odd round: {}, round {}: {:.1f} TPS against a median of {:.1f} ({:+.0f}%); "
                     "{}",
                     where, a.round + 1, a.tps, t.tps, (a.tps / t.tps - 1) * 100,
                     facts.empty() ? std::string("nothing measured moved with it")
                                   : "in it: " + join_words(facts));
}
}  // namespace

std::vector<std::string> odd_round_notes(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size(); ++i)
      for (const results::OddRound& o : results::odd_rounds(row.cells[i].round_facts))
        lines.push_back(odd_round_line(
            column_label(table.columns[i]) + " at " + threads_text(row.threads), o));
  return lines;
}

std::vector<std::string> stall_warnings(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size(); ++i)
      if (!row.cells[i].stalled.empty()) lines.push_back(stall_line(table, row, i));
  return lines;
}

std::vector<std::string> interference_warnings(const ComparisonTable& table) {
  std::vector<std::string> lines;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size(); ++i)
      for (const ComparisonCell::Disturbed& d : row.cells[i].disturbed) {
        const results::Interference& f = d.interference;
        lines.push_back(fmt::format(
            "busy: {} at {}, round {}: other processes took {:.1f} and steal {:.1f} of the "
            "machine's {:.1f} CPU-s ({:.0f}%, above interference_limit {:g}%){}",
            column_label(table.columns[i]), threads_text(row.threads), d.round + 1, f.other_cpu_s,
            f.steal_s, f.capacity_s, f.share() * 100, table.interference_limit_pct,
            d.left_out ? "; left out, as if missing (repeats: auto)" : ""));
      }
  return lines;
}

std::size_t display_width(const std::string& text) {
  // Count every byte but UTF-8 continuation bytes (10xxxxxx).
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string held_back_suffix(const results::RatioEstimate& e) {
  if (!results::held_back(e)) return "";
  return fmt::format(" (p {:.2g} alone, {:.2g} adjusted)", *e.p_value, *e.adjusted_p_value);
}

std::string align_right(const std::string& text, std::size_t width) {
  const std::size_t shown = display_width(text);
  return shown >= width ? text : std::string(width - shown, ' ') + text;
}

std::string legend(const ComparisonTable& table) {
  const std::string baseline = table.columns.empty() ? "-" : column_label(table.columns.front());
  switch (table.metric) {
    case config::Metric::tps:
      break;
    case config::Metric::qps:
      return "QPS, queries per second; ratio to " + baseline;
    case config::Metric::rw:
      return "r/w requests per second (reads + writes, without BEGIN/COMMIT/LOCK/UNLOCK, as "
             "sysbench 0.4); ratio to " +
             baseline;
    case config::Metric::p95:
      return "p95 latency, ms (lower is better); ratio to " + baseline;
    case config::Metric::nopm:
      return "NOPM, New-Orders per minute; ratio to " + baseline;
  }
  return "TPS, QPS in parentheses; ratio to " + baseline;
}

namespace {
// What a table's size counts, as its workload's family reads it (rows per table, warehouses).
std::string size_unit(const ComparisonTable& table) {
  return std::string(sysbench::traits_of_named(table.workload).size.unit);
}
}  // namespace

std::string row_axis_title(const ComparisonTable& table) {
  return table.rows_by == RowAxis::table_size ? size_unit(table) : "threads";
}

std::string row_key_text(const ComparisonTable& table, const ComparisonRow& row) {
  return std::to_string(table.rows_by == RowAxis::table_size ? row.table_size : row.threads) +
         (row.host.empty() ? "" : " @" + row.host);
}

std::string table_title(const ComparisonTable& table) {
  std::string title = table.workload + ", " + table.engine;
  if (table.rows_by == RowAxis::table_size) return title + ", " + threads_text(table.threads);
  if (table.sweep) title += ", " + std::to_string(table.table_size) + " " + size_unit(table);
  return title;
}

}  // namespace versus::report
