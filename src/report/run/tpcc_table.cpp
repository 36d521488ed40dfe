#include "report/run/tpcc_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <tuple>

#include "sysbench/family_traits.h"

namespace versus::report {
namespace {

using results::CellRecord;

// The cells of one table: TPC-C's, or a workload file's (whose transactions are its kinds).
struct TpccGroup {
  std::string workload;
  std::string engine;
  std::int64_t warehouses = 0;
  int threads = 0;
  bool operator==(const TpccGroup&) const = default;
};

// One kind's means over a column's ok repeats.
struct KindMeans {
  double per_minute = 0, p50 = 0, p95 = 0, p99 = 0, retried_pct = 0;
};

KindMeans means_of(const std::vector<const CellRecord*>& cells, std::size_t kind) {
  KindMeans m;
  double transactions = 0, retried = 0;
  for (const CellRecord* c : cells) {
    const auto& k = c->kinds[kind];
    m.per_minute += static_cast<double>(k.transactions) * 60.0 / std::max(c->seconds, 1e-9);
    m.p50 += k.latency.p50;
    m.p95 += k.latency.p95;
    m.p99 += k.latency.p99;
    transactions += static_cast<double>(k.transactions);
    retried += static_cast<double>(k.retried);
  }
  const auto n = static_cast<double>(cells.size());
  m.per_minute /= n;
  m.p50 /= n;
  m.p95 /= n;
  m.p99 /= n;
  m.retried_pct = transactions > 0 ? 100.0 * retried / transactions : 0;
  return m;
}

std::vector<std::string> kind_row(const std::string& label, const std::string& kind,
                                  const KindMeans& m) {
  return {label,
          kind,
          fmt::format("{:.0f}", m.per_minute),
          fmt::format("{:.2f}", m.p50),
          fmt::format("{:.2f}", m.p95),
          fmt::format("{:.2f}", m.p99),
          fmt::format("{:.1f}%", m.retried_pct)};
}

// TPM, retried share over every kind.
std::vector<std::string> total_row(const std::string& label,
                                   const std::vector<const CellRecord*>& cells) {
  double tpm = 0, transactions = 0, retried = 0;
  for (const CellRecord* c : cells) {
    tpm += static_cast<double>(c->counters.transactions) * 60.0 / std::max(c->seconds, 1e-9);
    transactions += static_cast<double>(c->counters.transactions);
    for (const auto& k : c->kinds) retried += static_cast<double>(k.retried);
  }
  tpm /= static_cast<double>(cells.size());
  const bool headline = sysbench::traits_of_named(cells.front()->workload).has_headline();
  return {label,
          headline ? "all (TPM)" : "all",
          fmt::format("{:.0f}", tpm),
          "",
          "",
          "",
          fmt::format("{:.1f}%", transactions > 0 ? 100.0 * retried / transactions : 0)};
}

// HammerDB's TPM: the server's Com_commit + Com_rollback per minute of the measured interval
// (the usage snapshots' status deltas, at the interval's quiet edges), averaged over the cells
// that recorded them; none when no cell did (efficiency: false, older results).
std::optional<double> server_tpm(const std::vector<const CellRecord*>& cells) {
  double sum = 0;
  int with = 0;
  for (const CellRecord* c : cells) {
    if (!c->usage.measured) continue;
    const auto& s = c->usage.status;
    const auto commits = s.find("Com_commit"), rollbacks = s.find("Com_rollback");
    if (commits == s.end()) continue;
    const auto n = commits->second + (rollbacks == s.end() ? 0 : rollbacks->second);
    sum += static_cast<double>(n) * 60.0 / std::max(c->seconds, 1e-9);
    ++with;
  }
  if (with == 0) return std::nullopt;
  return sum / with;
}

void add_column(TextTable& t, const std::string& label,
                const std::vector<const CellRecord*>& cells) {
  t.rows.push_back(total_row(label, cells));
  const auto& kinds = cells.front()->kinds;
  const auto& family = sysbench::traits_of_named(cells.front()->workload);
  for (std::size_t k = 0; k < kinds.size(); ++k)  // the first kind's rate is the headline
    t.rows.push_back(kind_row("",
                              k == 0 && family.has_headline()
                                  ? fmt::format("{} ({})", kinds[k].name, family.headline)
                                  : kinds[k].name,
                              means_of(cells, k)));
  // The server's own count of committed New-Orders (HammerDB's NOPM), where it was read.
  double server_nopm = 0;
  for (const CellRecord* c : cells) server_nopm += c->nopm_server;
  if (server_nopm > 0)
    t.rows.push_back({"", "committed new_order (server NOPM)",
                      fmt::format("{:.0f}", server_nopm / static_cast<double>(cells.size())), "",
                      "", "", ""});
  if (auto tpm = server_tpm(cells))
    t.rows.push_back(
        {"", "all (server TPM: Com_commit + Com_rollback)", fmt::format("{:.0f}", *tpm), "", "",
         "", ""});
}

std::vector<const CellRecord*> column_cells(const results::RunResults& r, const TpccGroup& g,
                                            const std::string& server, const std::string& profile) {
  std::vector<const CellRecord*> cells;
  for (const CellRecord& c : r.cells)
    if (c.status == results::CellStatus::ok && !c.kinds.empty() && c.server == server &&
        c.profile == profile && TpccGroup{c.workload, c.engine, c.table_size, c.threads} == g)
      cells.push_back(&c);
  return cells;
}

TextTable tpcc_table_of(const results::RunResults& r, const TpccGroup& g) {
  TextTable t;
  const auto& family = sysbench::traits_of_named(g.workload);
  t.title =
      family.has_headline()
          ? fmt::format("{}, {}, {} {}(s), {} connections: transactions per minute and "
                        "latency (ms), means over the ok repeats; {}",
                        family.name, g.engine, g.warehouses, family.size.one, g.threads,
                        family.pacing)
          : fmt::format("{}, {}, {} connections: each transaction's rate per minute and latency "
                        "(ms), means over the ok repeats",
                        g.workload, g.engine, g.threads);
  t.header = {"server/profile", "transaction", "per min", "p50", "p95", "p99", "retried"};
  t.left_column = 1;
  for (const std::string& server : r.info.servers)
    for (const std::string& profile : r.info.profiles)
      if (auto cells = column_cells(r, g, server, profile); !cells.empty())
        add_column(t, server + "/" + profile, cells);
  return t;
}

}  // namespace

std::vector<TextTable> tpcc_tables(const results::RunResults& results) {
  std::vector<TpccGroup> groups;
  for (const CellRecord& c : results.cells) {
    if (c.kinds.empty() || c.status != results::CellStatus::ok) continue;
    const TpccGroup g{c.workload, c.engine, c.table_size, c.threads};
    if (std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
  }
  std::sort(groups.begin(), groups.end(), [](const TpccGroup& a, const TpccGroup& b) {
    return std::tie(a.workload, a.engine, a.warehouses, a.threads) <
           std::tie(b.workload, b.engine, b.warehouses, b.threads);
  });
  std::vector<TextTable> tables;
  for (const TpccGroup& g : groups) tables.push_back(tpcc_table_of(results, g));
  return tables;
}

}  // namespace versus::report
