#include "report/why/explanation_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "report/html/html_page.h"
#include "report/run/run_csv.h"
#include "report/run/run_html.h"
#include "report/why/why_writer.h"
#include "results/record/store.h"

namespace versus::report {
namespace fs = std::filesystem;

namespace {
// "oltp_read_write, innodb, 10000 rows, 16 threads".
std::string explained_row_label(const results::WhyRow& row) {
  return fmt::format("{}, {}, {} rows, {} thread{}", row.workload, row.engine, row.table_size,
                     row.threads, row.threads == 1 ? "" : "s");
}

// The parts of a split row in the order every format names them, each with its label and
// what it changes: the groups, the release itself, the interaction.
struct NamedPart {
  std::string name, changes;
  const results::GapPart* part;
};

std::vector<NamedPart> named_parts(const results::WhyDesign& d, const results::WhyRow& row) {
  std::vector<NamedPart> parts;
  const auto& s = row.split;
  for (std::size_t i = 0; i < s.groups.size() && i < d.groups.size(); ++i)
    parts.push_back(
        {d.groups[i].group, fmt::format("{}", fmt::join(d.groups[i].alike, ", ")), &s.groups[i]});
  parts.push_back({why_release_label(d), d.within.empty() ? "every setting above alike" : "",
                   &s.release});
  parts.push_back({"interaction",
                   d.left_out.empty() ? "what the groups alone do not add up to"
                                      : "what the groups alone do not add up "
                                        "to, and the groups left out",
                   &s.interaction});
  return parts;
}

void add_row_lines(TextTable& t, const results::WhyDesign& d, const results::WhyRow& row) {
  const auto& s = row.split;
  t.rows.push_back({explained_row_label(row), "as shipped",
                    s.status == results::GapStatus::split ? "100%" : "-",
                    why_ratio_text(s.whole) + fmt::format(" ({} rounds)", s.rounds.size())});
  if (s.status == results::GapStatus::no_gap) {
    t.rows.push_back({"", "no gap to split: not decidedly faster or slower here", "", ""});
    return;
  }
  for (const NamedPart& p : named_parts(d, row))
    t.rows.push_back({"", p.name + (p.changes.empty() ? "" : " (" + p.changes + ")"),
                      why_share_text(*p.part), why_ratio_text(p.part->ratio)});
}

TextTable explanation_table(const results::Explanation& e) {
  const auto& d = e.design;
  TextTable t;
  t.title = d.within.empty()
                ? fmt::format("What makes the difference: {} against {} ({}), by experiment",
                              d.column, d.baseline, d.profile)
                : fmt::format("What makes {}'s part: {} against {} ({}), by setting, by experiment",
                              d.within, d.column, d.baseline, d.profile);
  t.header = {"row", "part (made alike to " + d.baseline + "'s)", "share of the gap", "ratio"};
  t.left_column = 1;
  for (const auto& row : e.rows) add_row_lines(t, d, row);
  for (const auto& c : d.cannot)
    t.notes.push_back("cannot be made alike (in the release's part): " + c);
  for (const auto& g : d.left_out)
    t.notes.push_back("left out to fit explain_budget (in the interaction): " + g);
  return t;
}

// One why directory's explanation, or why it cannot be read.
Expected<results::Explanation> read_explanation(const fs::path& dir) {
  auto design = results::load_why_design(dir);
  if (!design) return fail(design.error());
  auto results = results::load_results(dir / results::kResultsFileName);
  if (!results) return fail(results.error());
  results::Explanation e{std::move(*design), {}};
  e.rows = results::why_rows(
      *results, e.design, results->info.min_difference_pct / 100,
      results::adjustment_from_name(results->info.multiple_comparisons).value_or(results::Adjustment::holm));
  return e;
}
}  // namespace

Explanations read_explanations(const fs::path& run_dir) {
  Explanations out;
  if (auto skipped = results::load_explain_skips(run_dir))
    out.skipped = std::move(*skipped);
  else
    out.skipped.push_back({"explain.json", skipped.error().message});
  std::vector<fs::path> dirs;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(run_dir, ec))
    if (entry.is_directory() && entry.path().filename().string().rfind("why-", 0) == 0 &&
        fs::exists(entry.path() / results::kWhyDesignFile))
      dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  for (const auto& dir : dirs) {
    auto e = read_explanation(dir);
    if (e)
      out.splits.push_back(std::move(*e));
    else
      out.skipped.push_back({dir.filename().string(), e.error().message});
  }
  return out;
}

Explanations explanations_for(const Explanations& x, const std::string& baseline,
                              const std::string& column, const std::string& profile) {
  Explanations out;
  for (const auto& e : x.splits)
    if (e.design.baseline == baseline && e.design.column == column && e.design.profile == profile)
      out.splits.push_back(e);
  for (const auto& s : x.skipped)
    if (s.column == column) out.skipped.push_back(s);
  return out;
}

std::string explanation_sentence(const results::WhyDesign& d, const results::WhyRow& row) {
  const auto& s = row.split;
  std::string text = explained_row_label(row) + ": as shipped " + why_ratio_text(s.whole);
  if (s.status == results::GapStatus::no_gap)
    return text + "; no gap to split: not decidedly faster or slower here";
  for (const NamedPart& p : named_parts(d, row)) {
    if (p.part == &s.release) {
      text += "; " + p.name + " " + why_ratio_text(p.part->ratio);
      continue;
    }
    const bool group = p.part != &s.interaction;
    text += "; " + p.name + (group && !p.changes.empty() ? " (" + p.changes + ")" : "") + ": " +
            why_share_text(*p.part);
  }
  return text;
}

std::vector<TextTable> explanation_tables(const Explanations& x) {
  std::vector<TextTable> tables;
  for (const auto& e : x.splits) tables.push_back(explanation_table(e));
  return tables;
}

std::string explanation_tables_html(const Explanations& x) {
  std::string html;
  for (const TextTable& t : explanation_tables(x)) {
    const auto rows = html_rows(t, 2);
    html += "<h3>" + html_escape(t.title) + "</h3>\n" + html_table(t.header, rows);
    for (const auto& note : t.notes) html += "<p class=\"note\">" + html_escape(note) + "</p>\n";
  }
  return html;
}

std::vector<std::string> skipped_lines(const Explanations& x) {
  std::vector<std::string> lines;
  for (const auto& s : x.skipped) lines.push_back("not split: " + s.column + ": " + s.why);
  return lines;
}

nlohmann::json explanations_json(const Explanations& x) {
  nlohmann::json j{{"splits", nlohmann::json::array()}, {"skipped", nlohmann::json::array()}};
  for (const auto& e : x.splits) {
    auto split = why_json(e.design, e.rows);
    split["left_out"] = e.design.left_out;
    j["splits"].push_back(std::move(split));
  }
  for (const auto& s : x.skipped) j["skipped"].push_back({{"column", s.column}, {"why", s.why}});
  return j;
}

namespace {
std::string interval_csv(const std::optional<results::Interval>& ci) {
  return ci ? fmt::format("{:.4f},{:.4f}", ci->low, ci->high) : ",";
}

void write_part_csv(std::ostream& out, const std::string& prefix, const NamedPart& p) {
  const auto& part = *p.part;
  out << prefix << csv_field(p.name) << ',' << csv_field(p.changes) << ','
      << fmt::format("{:.4f}", part.ratio.ratio) << ',' << interval_csv(part.ratio.ci) << ','
      << results::verdict_name(part.ratio.verdict) << ','
      << (part.share ? fmt::format("{:.4f}", *part.share) : "") << ','
      << interval_csv(part.share_ci) << ','
      << (part.status == results::ShareStatus::decided ? "yes" : "no") << '\n';
}
}  // namespace

void write_explanations_csv(std::ostream& out, const Explanations& x) {
  out << "column,baseline,profile,workload,engine,table_size,threads,rounds,part,changes,ratio,"
         "ratio_low,ratio_high,verdict,share,share_low,share_high,share_decided\n";
  for (const auto& e : x.splits)
    for (const auto& row : e.rows) {
      const std::string prefix = fmt::format(
          "{},{},{},{},{},{},{},{},", csv_field(e.design.column), csv_field(e.design.baseline),
          csv_field(e.design.profile), csv_field(row.workload), csv_field(row.engine),
          row.table_size, row.threads, row.split.rounds.size());
      const results::GapPart whole{"as shipped", row.split.whole, std::nullopt, std::nullopt,
                                   results::ShareStatus::undecided};
      write_part_csv(out, prefix, {"as shipped", "", &whole});
      if (row.split.status == results::GapStatus::split)
        for (const NamedPart& p : named_parts(e.design, row)) write_part_csv(out, prefix, p);
    }
}

namespace {
// A step of the waterfall: from `at` to at * the part's ratio, its interval around that end.
void add_step(ChartSeries& s, double& at, const results::RatioEstimate& r) {
  s.starts.push_back(at);
  s.values.push_back(at * r.ratio);
  s.ci_low.push_back(r.ci ? std::optional<double>(at * r.ci->low) : std::nullopt);
  s.ci_high.push_back(r.ci ? std::optional<double>(at * r.ci->high) : std::nullopt);
  at *= r.ratio;
}

ChartSpec waterfall(const results::Explanation& e, const results::WhyRow& row, std::size_t n) {
  ChartSpec c;
  c.id = chart_id("why", n);
  c.title = fmt::format("{} against {}: {}, from the baseline (1) to as shipped", e.design.column,
                        e.design.baseline, explained_row_label(row));
  c.x_title = "each part's step (its ratio; whisker: its 95% interval)";
  c.y_title = "TPS relative to " + e.design.baseline;
  c.y_from_zero = false;
  c.reference = 1;
  c.bars = true;
  ChartSeries s(e.design.column, 0);
  double at = 1;
  // The release first: the column with every listed setting alike; then what each setting
  // group as shipped takes away or adds, then the interaction; the product is the whole.
  auto parts = named_parts(e.design, row);  // the groups, the release, the interaction
  std::rotate(parts.begin(), parts.end() - 2, parts.end() - 1);
  for (const NamedPart& p : parts) {
    c.categories.push_back(p.name);
    add_step(s, at, p.part->ratio);
  }
  c.categories.push_back("as shipped");
  double one = 1;
  add_step(s, one, row.split.whole);
  c.series.push_back(std::move(s));
  return c;
}
}  // namespace

std::vector<ChartSpec> explanation_charts(const Explanations& x) {
  std::vector<ChartSpec> charts;
  for (const auto& e : x.splits)
    for (const auto& row : e.rows)
      if (row.split.status == results::GapStatus::split)
        charts.push_back(waterfall(e, row, charts.size()));
  return charts;
}

}  // namespace versus::report
