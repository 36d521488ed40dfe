#include "report/compare/regression.h"

#include <algorithm>
#include <tuple>

#include "results/evidence/side_evidence.h"
#include "results/record/cell_key.h"
#include "sysbench/family_traits.h"

namespace versus::report {

namespace {

using results::CellRecord;
using results::RunResults;

// One cell of a run with the TPS of its ok repeats.
struct Pooled {
  CellKey key;
  std::vector<double> tps;
  std::vector<double> nopm;           // TPC-C's only
  std::vector<const CellRecord*> ok;  // the ok repeats, for their counters
};

}  // namespace

std::string definition_text(const CellKey& k) {
  if (!k.variant.empty()) return ", " + k.variant;
  if (const auto& family = sysbench::traits_of_named(k.workload); family.has_variant())
    return ", " + std::string(family.variant_unrecorded);
  const auto w = sysbench::workload_from_name(k.workload);
  if (k.definition == 0 && !(w && sysbench::is_micro(*w))) return "";
  return ", statements of definition " + std::to_string(std::max(1, k.definition));
}

namespace {

CellKey key_of(const CellRecord& c) {
  return {c.workload, c.engine,     c.threads,        c.server,
          c.profile,  c.tables,     c.table_size,     c.mix.definition,
          results::mix_variant(c.mix)};
}

auto order(const CellKey& k) {
  return std::tie(k.workload, k.engine, k.server, k.profile, k.tables, k.table_size, k.threads);
}

bool same_cell(const CellKey& a, const CellKey& b, bool ignore_server) {
  return a.workload == b.workload && a.engine == b.engine && a.threads == b.threads &&
         a.profile == b.profile && a.tables == b.tables && a.table_size == b.table_size &&
         a.definition == b.definition && a.variant == b.variant &&
         (ignore_server || a.server == b.server);
}

// The run's cells with their repeats pooled, in `order`.
std::vector<Pooled> pool(const RunResults& run) {
  std::vector<Pooled> cells;
  for (const CellRecord& record : run.cells) {
    const CellKey key = key_of(record);
    auto it = std::find_if(cells.begin(), cells.end(),
                           [&](const Pooled& p) { return same_cell(p.key, key, false); });
    if (it == cells.end()) it = cells.insert(cells.end(), Pooled{key, {}, {}, {}});
    if (record.status != results::CellStatus::ok) continue;
    it->tps.push_back(record.tps);
    if (sysbench::traits_of_named(record.workload).has_headline())
      it->nopm.push_back(record.nopm);
    it->ok.push_back(&record);
  }
  std::sort(cells.begin(), cells.end(),
            [](const Pooled& a, const Pooled& b) { return order(a.key) < order(b.key); });
  return cells;
}

std::vector<std::string> servers_of(const std::vector<Pooled>& cells) {
  std::vector<std::string> servers;
  for (const Pooled& cell : cells)
    if (std::find(servers.begin(), servers.end(), cell.key.server) == servers.end())
      servers.push_back(cell.key.server);
  return servers;
}

// Exactly one server on each side, and not the same one.
bool one_server_each(const std::vector<Pooled>& base, const std::vector<Pooled>& now) {
  const auto b = servers_of(base), n = servers_of(now);
  return b.size() == 1 && n.size() == 1 && b.front() != n.front();
}

CellChange change_of(const Pooled& base, const Pooled& now, const RegressionOptions& options) {
  CellChange change{base.key,
                    now.key.server,
                    results::summarize(base.tps, options.confidence),
                    results::summarize(now.tps, options.confidence),
                    results::compare_means(base.tps, now.tps, options.confidence,
                                           options.threshold_pct / 100),
                    Outcome::insufficient_data,
                    {},
                    {},
                    {},
                    {},
                    results::summarize_errors(base.ok),
                    results::summarize_errors(now.ok),
                    results::summarize(base.nopm, options.confidence),
                    results::summarize(now.nopm, options.confidence)};
  change.outcome = classify(change.change, options.threshold_pct);
  const results::Verdict v = change.change.verdict;
  if (v == results::Verdict::faster || v == results::Verdict::slower) {
    results::SideEvidence e = results::side_evidence(base.ok, now.ok);
    change.statements = std::move(e.statements);
    change.counters = std::move(e.counters);
    change.only_base_counters = std::move(e.only_from);
    change.only_new_counters = std::move(e.only_to);
  }
  return change;
}

// One family: every matched cell; outcomes follow the adjusted verdicts.
void adjust_matched(RegressionReport& report) {
  std::vector<results::RatioEstimate*> family;
  for (CellChange& c : report.matched) family.push_back(&c.change);
  results::adjust_family(family, report.options.adjustment);
  for (CellChange& c : report.matched) c.outcome = classify(c.change, report.options.threshold_pct);
}

}  // namespace

std::string column_name(const CellKey& key) {
  return key.server + "/" + key.profile;
}

std::string outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::regression:
      return "regression";
    case Outcome::improvement:
      return "improvement";
    case Outcome::unchanged:
      return "unchanged";
    case Outcome::undecided:
      return "undecided";
    case Outcome::insufficient_data:
      return "insufficient_data";
  }
  return "insufficient_data";
}

int RegressionReport::count(Outcome outcome) const {
  return static_cast<int>(std::count_if(matched.begin(), matched.end(),
                                        [&](const CellChange& c) { return c.outcome == outcome; }));
}

Outcome classify(const results::RatioEstimate& change, double threshold_pct) {
  const double threshold = threshold_pct / 100;
  switch (change.verdict) {
    case results::Verdict::insufficient_data:
      return Outcome::insufficient_data;
    case results::Verdict::slower:
      return change.ratio < 1 - threshold ? Outcome::regression : Outcome::unchanged;
    case results::Verdict::faster:
      return change.ratio > 1 + threshold ? Outcome::improvement : Outcome::unchanged;
    case results::Verdict::equivalent:
      return Outcome::unchanged;
    case results::Verdict::undecided:
      return Outcome::undecided;
  }
  return Outcome::unchanged;
}

RegressionReport compare_runs(const RunResults& base, const RunResults& now,
                              const RegressionOptions& options) {
  const std::vector<Pooled> b = pool(base), n = pool(now);
  RegressionReport report{options, base.info, now.info, one_server_each(b, n), {}, {}, {}};
  std::vector<bool> used(n.size(), false);
  for (const Pooled& cell : b) {
    auto it = std::find_if(n.begin(), n.end(), [&](const Pooled& p) {
      return same_cell(cell.key, p.key, report.across_servers);
    });
    if (it == n.end()) {
      report.only_in_base.push_back(cell.key);
      continue;
    }
    used[static_cast<std::size_t>(it - n.begin())] = true;
    report.matched.push_back(change_of(cell, *it, options));
  }
  for (std::size_t i = 0; i < n.size(); ++i)
    if (!used[i]) report.only_in_new.push_back(n[i].key);
  adjust_matched(report);
  return report;
}

namespace {
std::string placement_text(const results::RunInfo& info) {
  return info.server_host.empty() ? "the machine versus ran on" : "host " + info.server_host;
}
}  // namespace

std::string placement_warning(const RegressionReport& r) {
  if (r.base_info.server_host == r.new_info.server_host) return "";
  return "placement differs: the base's servers ran on " + placement_text(r.base_info) +
         ", the new run's on " + placement_text(r.new_info) +
         ": the changes include the machines, not only the releases";
}

}  // namespace versus::report
