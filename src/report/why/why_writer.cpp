#include "report/why/why_writer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/shared/cell_text.h"

namespace versus::report {
std::string why_release_label(const results::WhyDesign& d) {
  return d.within.empty() ? "the release itself" : "the rest (every " + d.within + " setting alike)";
}

// "x0.59 [0.55, 0.63] slower": a ratio with its interval and verdict.
std::string why_ratio_text(const results::RatioEstimate& r) {
  std::string text = fmt::format("x{:.2f}", r.ratio);
  if (r.ci) text += fmt::format(" [{:.2f}, {:.2f}]", r.ci->low, r.ci->high);
  text += " " + std::string(results::verdict_name(r.verdict, results::VerdictForm::words));
  return text + held_back_suffix(r);
}

// "55% [48%, 62%] of the gap", "undecided", or "" without a share.
std::string why_share_text(const results::GapPart& p) {
  if (!p.share) return "";
  std::string text = fmt::format("{:.0f}%", 100 * *p.share);
  text += p.share_ci ? fmt::format(" [{:.0f}%, {:.0f}%]", 100 * p.share_ci->low,
                                   100 * p.share_ci->high)
                     : std::string(" [unbounded]");
  text += " of the gap";
  if (p.status == results::ShareStatus::undecided) text += " (undecided: too wide)";
  return text;
}

namespace {
// "  name: 55% [48%, 62%] of the gap; what the ratio is of x0.75 [0.70, 0.80] slower".
void write_part(std::ostream& out, const std::string& name, const results::GapPart& p,
                const std::string& ratio_of) {
  const std::string share = why_share_text(p);
  const std::string ratio = (ratio_of.empty() ? "" : ratio_of + " ") + why_ratio_text(p.ratio);
  out << fmt::format("  {}: {}{}{}\n", name, share, share.empty() ? "" : "; ", ratio);
}

void write_row(std::ostream& out, const results::WhyDesign& d, const results::WhyRow& row) {
  const auto& s = row.split;
  out << fmt::format("{}, {}, {} rows, {} thread{}: as shipped {} ({} round{})\n", row.workload,
                     row.engine, row.table_size, row.threads, row.threads == 1 ? "" : "s",
                     why_ratio_text(s.whole), s.rounds.size(), s.rounds.size() == 1 ? "" : "s");
  if (s.status == results::GapStatus::no_gap) {
    out << "  no gap to split: the release is not decidedly faster or slower here\n";
    return;
  }
  for (std::size_t i = 0; i < s.groups.size() && i < d.groups.size(); ++i)
    write_part(out, fmt::format("{} ({})", d.groups[i].group, fmt::join(d.groups[i].alike, ", ")),
               s.groups[i], "shipped against alike");
  write_part(out,
             d.within.empty() ? "the release itself (every setting above alike)"
                              : why_release_label(d),
             s.release,
             d.column + " against " + d.baseline);
  write_part(out, "interaction (what the groups alone do not add up to)", s.interaction,
             "ratio");
}
}  // namespace

void write_why(std::ostream& out, const results::WhyDesign& d,
               const std::vector<results::WhyRow>& rows) {
  if (d.within.empty())
    out << fmt::format(
        "What makes the difference: {} against {} ({}), by experiment: each settings group of {} "
        "made alike to {}'s values, one at a time, and all at once, in the same rounds\n",
        d.column, d.baseline, d.profile, d.column, d.baseline);
  else
    out << fmt::format(
        "What makes {}'s part: {} against {} ({}), by experiment: each {} setting of {} made "
        "alike to {}'s value alone, and all of them at once, in the same rounds\n",
        d.within, d.column, d.baseline, d.profile, d.within, d.column, d.baseline);
  for (const auto& row : rows) write_row(out, d, row);
  for (const auto& c : d.cannot) out << "cannot be made alike (in the release's part): " << c << "\n";
  for (const auto& g : d.left_out)
    out << "left out to fit explain_budget (in the interaction): " << g << "\n";
}

namespace {
nlohmann::json estimate_json(const results::RatioEstimate& r) {
  nlohmann::json j{{"ratio", r.ratio},
                   {"verdict", std::string(results::verdict_name(r.verdict))}};
  if (r.ci) j["ci"] = {r.ci->low, r.ci->high};
  return j;
}

nlohmann::json part_json(const std::string& name, const results::GapPart& p) {
  nlohmann::json j{{"name", name}, {"ratio", estimate_json(p.ratio)}};
  if (p.share) j["share"] = *p.share;
  if (p.share_ci) j["share_ci"] = {p.share_ci->low, p.share_ci->high};
  j["share_decided"] = p.status == results::ShareStatus::decided;
  return j;
}
}  // namespace

nlohmann::json why_json(const results::WhyDesign& d, const std::vector<results::WhyRow>& rows) {
  nlohmann::json j{{"baseline", d.baseline}, {"column", d.column}, {"profile", d.profile},
                   {"cannot", d.cannot}, {"rows", nlohmann::json::array()}};
  for (const auto& row : rows) {
    const auto& s = row.split;
    nlohmann::json r{{"workload", row.workload},  {"engine", row.engine},
                     {"table_size", row.table_size}, {"threads", row.threads},
                     {"rounds", s.rounds},         {"whole", estimate_json(s.whole)},
                     {"split", s.status == results::GapStatus::split}};
    for (std::size_t i = 0; i < s.groups.size() && i < d.groups.size(); ++i) {
      auto part = part_json(d.groups[i].group, s.groups[i]);
      part["alike"] = d.groups[i].alike;
      part["server"] = d.groups[i].server;
      r["groups"].push_back(part);
    }
    r["release"] = part_json("release", s.release);
    r["interaction"] = part_json("interaction", s.interaction);
    j["rows"].push_back(r);
  }
  return j;
}

}  // namespace versus::report
