#include "report/run/run_json.h"

#include "report/notes/error_notes.h"
#include "report/notes/evidence.h"
#include "report/notes/plan_notes.h"
#include "report/notes/settings_notes.h"
#include "report/run/class_verdict_table.h"
#include "report/run/load_shape_text.h"
#include "report/shared/cell_text.h"
#include "results/record/record_json.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;

// The mean when the cell has an ok run, else null (0 would read as a measurement).
Json json_measured(const ComparisonCell& cell, double value) {
  return cell.runs > 0 ? Json(value) : Json(nullptr);
}

Json optional_number(std::optional<double> value) {
  return value ? Json(*value) : Json(nullptr);
}

}  // namespace

// TPS statistics; sd, cv and the CI are null below 2 runs, mean and median with none.
Json summary_to_json(const results::Summary& s) {
  const bool any = s.n > 0, spread = s.n >= 2;
  return Json{{"n", s.n},
              {"mean", any ? Json(s.mean) : Json(nullptr)},
              {"median", any ? Json(s.median) : Json(nullptr)},
              {"sd", spread ? Json(s.sd) : Json(nullptr)},
              {"cv", spread ? Json(s.cv) : Json(nullptr)},
              {"ci_low", s.ci ? Json(s.ci->low) : Json(nullptr)},
              {"ci_high", s.ci ? Json(s.ci->high) : Json(nullptr)}};
}

Json estimate_to_json(const std::optional<results::RatioEstimate>& e) {
  if (!e) return Json(nullptr);
  Json json{{"ratio", e->ratio},
            {"ratio_ci_low", e->ci ? Json(e->ci->low) : Json(nullptr)},
            {"ratio_ci_high", e->ci ? Json(e->ci->high) : Json(nullptr)},
            {"verdict", std::string(results::verdict_name(e->verdict))},
            {"p_value", optional_number(e->p_value)},
            {"p_adjusted", optional_number(e->adjusted_p_value)}};
  if (e->pairs > 0) json["pairs"] = e->pairs;  // paired by round; absent: independent samples
  if (e->verdict == results::Verdict::undecided)
    if (const auto n = results::rounds_to_decide(*e)) {
      json["rounds_to_decide"] = *n;  // in all, at the spread seen (results/stats/statistics.h)
      json["difference_to_decide"] = results::difference_to_decide(*e);
    }
  return json;
}

namespace {

// Costs per transaction with their ratios to the first column's cell; null without figures.
Json efficiency_json(const ComparisonCell& cell, const ComparisonCell& base) {
  if (!cell.efficiency) return Json(nullptr);
  const results::Efficiency& e = *cell.efficiency;
  auto ratio = [&](double v, double results::Efficiency::*field) {
    return base.efficiency ? optional_number(results::cost_ratio(v, (*base.efficiency).*field))
                           : Json(nullptr);
  };
  using E = results::Efficiency;
  return Json{{"server_cpu_us", e.server_cpu_us},
              {"client_cpu_us", e.client_cpu_us},
              {"ctx_switches", e.switches},
              {"read_kb", e.read_kb},
              {"write_kb", e.write_kb},
              {"server_cpu_us_per_query", e.server_cpu_us_per_query},
              {"task_clock_us", optional_number(e.task_clock_us)},
              {"cycles", optional_number(e.cycles)},
              {"instructions", optional_number(e.instructions)},
              {"not_counted", e.not_counted},
              {"ratios", Json{{"server_cpu_us", ratio(e.server_cpu_us, &E::server_cpu_us)},
                              {"client_cpu_us", ratio(e.client_cpu_us, &E::client_cpu_us)},
                              {"ctx_switches", ratio(e.switches, &E::switches)},
                              {"read_kb", ratio(e.read_kb, &E::read_kb)},
                              {"write_kb", ratio(e.write_kb, &E::write_kb)}}}};
}

std::string_view state_name(results::SequentialState state) {
  switch (state) {
    case results::SequentialState::open:
      return "open";
    case results::SequentialState::equivalent:
      return "equivalent";
    case results::SequentialState::faster:
      return "faster";
    case results::SequentialState::slower:
      return "slower";
  }
  return "open";
}

// repeats: auto: the decision and the round it was made at; null otherwise.
Json sequential_json(const std::optional<results::SequentialDecision>& d) {
  if (!d) return Json(nullptr);
  return Json{
      {"state", state_name(d->state)}, {"look", d->look}, {"confidence", d->estimate.confidence}};
}

// The runs a busy machine disturbed (results/evidence/interference.h); absent when none was.
Json disturbed_json(const ComparisonCell& cell) {
  Json out = Json::array();
  for (const ComparisonCell::Disturbed& d : cell.disturbed)
    out.push_back(Json{{"round", d.round},
                       {"other_cpu_s", d.interference.other_cpu_s},
                       {"steal_s", d.interference.steal_s},
                       {"capacity_s", d.interference.capacity_s},
                       {"share", d.interference.share()},
                       {"left_out", d.left_out}});
  return out;
}

// The ok runs' stalls: [{"round": 1, "start_s": 12.3, "seconds": 4.1}, ...].
Json stalls_json(const ComparisonCell& cell) {
  Json out = Json::array();
  for (const ComparisonCell::Stalled& s : cell.stalled)
    for (const measured::Stall& st : s.stalls)
      out.push_back(Json{{"round", s.round + 1}, {"start_s", st.start_s}, {"seconds", st.seconds}});
  return out;
}

// Each statement class's ms per transaction, in the workload's order.
Json statement_ms_json(const results::StatementMs& ms) {
  Json out = Json::array();
  for (const auto& [name, value] : ms) out.push_back(Json{{"class", name}, {"ms_per_txn", value}});
  return out;
}

Json cell_json(const ComparisonCell& cell, const ComparisonCell& base) {
  Json json{{"runs", cell.runs},
            {"failed", cell.failed},
            {"crashed", cell.crashed},
            {"unresponsive", cell.unresponsive},
            {"tps", json_measured(cell, cell.tps)},
            {"qps", json_measured(cell, cell.qps)},
            {"p95_ms", json_measured(cell, cell.p95_ms)},
            {"ratio", optional_number(cell.ratio)},
            {"tps_runs", cell.tps_runs},
            {"qps_runs", cell.qps_runs},
            {"p95_ms_runs", cell.p95_ms_runs},
            {"tps_stats", summary_to_json(cell.tps_summary)},
            {"vs_baseline", estimate_to_json(cell.vs_baseline)},
            {"rw", json_measured(cell, cell.rw)},
            {"rw_runs", cell.rw_runs},
            {"efficiency", efficiency_json(cell, base)}};
  if (!cell.statement_ms.empty()) json["statement_ms"] = statement_ms_json(cell.statement_ms);
  if (cell.sequential) json["sequential"] = sequential_json(cell.sequential);  // repeats: auto
  if (!cell.disturbed.empty()) json["disturbed"] = disturbed_json(cell);
  if (!cell.stalled.empty()) json["stalls"] = stalls_json(cell);
  return json;
}

Json row_json(const ComparisonRow& row) {
  Json cells = Json::array();
  for (const ComparisonCell& cell : row.cells) cells.push_back(cell_json(cell, row.cells.front()));
  Json json{{"threads", row.threads}, {"table_size", row.table_size}, {"cells", std::move(cells)}};
  if (!row.host.empty()) json["host"] = row.host;  // a merge of machines that differ
  return json;
}

Json changes_json(const std::vector<results::CounterChange>& changes) {
  Json out = Json::array();
  for (const auto& c : changes)
    out.push_back(Json{{"name", c.name}, {"from", c.from}, {"to", c.to}});
  return out;
}

Json statement_changes_json(const std::vector<results::StatementChange>& changes) {
  Json out = Json::array();
  for (const auto& c : changes) {
    Json entry{
        {"class", c.statement}, {"from_ms", c.from_ms}, {"to_ms", c.to_ms}, {"share", c.share}};
    if (c.plan_changed) entry["plan_changed"] = true;
    out.push_back(std::move(entry));
  }
  return out;
}

// report/notes/evidence.h: per row and column against the baseline.
Json evidence_json(const ComparisonTable& table) {
  Json out = Json::array();
  for (const ColumnEvidence& e : table_evidence(table))
    out.push_back(Json{{"row", e.row},
                       {"column", e.column},
                       {"statements", statement_changes_json(e.statements)},
                       {"changes", changes_json(e.changes)},
                       {"plan_changes", changes_json(e.plan)},
                       {"only_in_baseline", e.only_base},
                       {"only_in_column", e.only_other},
                       {"side_by_side", changes_json(e.side_by_side)}});
  return out;
}

// report/notes/error_notes.h: the (row, column)s whose retried share is noted, with their codes.
Json table_errors_json(const std::vector<ColumnErrors>& noted) {
  Json out = Json::array();
  for (const ColumnErrors& e : noted) {
    Json entry{{"row", e.row}, {"column", e.column}};
    entry.update(error_summary_to_json(e.errors));
    entry["note"] = error_note(e.column + " at " + e.row, e.errors);
    out.push_back(std::move(entry));
  }
  return out;
}

// report/notes/plan_notes.h: per column whose recorded plans differ from the baseline's, each
// statement's changes as the "plan:" line words them; absent when none does.
Json plan_changes_json(const ComparisonTable& table) {
  Json out = Json::array();
  for (std::size_t i = 1; i < table.columns.size(); ++i)
    for (const results::StatementPlanChange& c : column_plan_changes(table, i)) {
      Json changes = Json::array();
      for (const results::PlanChange& p : c.changes) changes.push_back(plan_change_text(p));
      out.push_back(Json{{"column", column_label(table.columns[i])},
                         {"class", c.statement_class},
                         {"changes", changes}});
    }
  return out;
}

// report/notes/settings_notes.h: per column whose settings differ from the baseline's; absent
// when none does.
Json settings_json(const ComparisonTable& table) {
  Json out = Json::array();
  for (const ColumnSettingsNote& note : settings_notes(table)) {
    Json differences = Json::array();
    for (const auto& d : note.differences)
      differences.push_back(Json{{"name", d.name},
                                 {"value", d.other.name.empty() ? Json() : Json(d.other.value)},
                                 {"baseline", d.base.name.empty() ? Json() : Json(d.base.value)},
                                 {"baseline_name", d.base.name}});
    Json entry{{"column", note.column}, {"differences", std::move(differences)}};
    if (note.tables)
      entry["tables"] = Json{{"collation", *note.tables}, {"baseline", *note.baseline_tables}};
    entry["line"] = "settings: " + note.column + ": " + settings_text(note);
    out.push_back(std::move(entry));
  }
  return out;
}

Json table_json(const ComparisonTable& table) {
  Json columns = Json::array();
  for (const Column& c : table.columns)
    columns.push_back(Json{{"server", c.server}, {"profile", c.profile}});
  Json rows = Json::array();
  for (const ComparisonRow& row : table.rows) rows.push_back(row_json(row));
  Json json{{"workload", table.workload},
            {"engine", table.engine},
            {"metric", std::string(config::metric_name(table.metric))},
            {"rows_by", table.rows_by == RowAxis::table_size ? "table_size" : "threads"},
            {"tables", table.tables},
            {"load_shape", load_shape_text(table.mix, table.distribution)},
            {"mix", results::mix_to_json(table.mix)},
            {"distribution", results::distribution_to_json(table.distribution)},
            {"columns", std::move(columns)},
            {"rows", std::move(rows)},
            {"evidence", evidence_json(table)}};
  // The busy-machine warnings the other formats print beside the table; absent when none.
  if (auto busy = interference_warnings(table); !busy.empty()) json["warnings"] = busy;
  // The retried errors the other formats name beside the table; absent when none is noted.
  if (auto noted = table_errors(table); !noted.empty()) json["errors"] = table_errors_json(noted);
  if (auto settings = settings_json(table); !settings.empty()) json["settings"] = settings;
  if (auto plans = plan_changes_json(table); !plans.empty()) json["statement_plans"] = plans;
  if (auto c = class_verdicts_json(class_verdict_blocks(table)); !c.empty())
    json["query_classes"] = c;
  return json;
}

}  // namespace

Json comparison_to_json(const std::vector<ComparisonTable>& tables, const results::RunInfo& info) {
  Json array = Json::array();
  for (const ComparisonTable& table : tables) array.push_back(table_json(table));
  return Json{{"format", kComparisonFormat},
              {"run", results::run_info_to_json(info)},
              {"tables", std::move(array)}};
}

void write_json(std::ostream& out, const std::vector<ComparisonTable>& tables,
                const results::RunInfo& info) {
  constexpr auto replace_invalid_utf8 = nlohmann::json::error_handler_t::replace;
  out << comparison_to_json(tables, info).dump(2, ' ', false, replace_invalid_utf8) << '\n';
}

}  // namespace versus::report
