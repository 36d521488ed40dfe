#pragma once
// The columns of the history's cell_runs table (schema version 6) with their HistoryRow
// fields, in table order: the one list the schema, the insert and the select are made from.
#include <string>

#include "results/history/history.h"

namespace versus::results {

// Calls f(name, field) for every column in table order (a bind's 1-based index is its
// position + 1, a read's 0-based column index its position).
template <class Row, class F>
void for_each_history_column(Row& r, F&& f) {
  f("run_id", r.run_id);
  f("started_at", r.started_at);
  f("matrix_file", r.matrix_file);
  f("server", r.server);
  f("profile", r.profile);
  f("engine", r.engine);
  f("workload", r.workload);
  f("threads", r.threads);
  f("tables", r.tables);
  f("table_size", r.table_size);
  f("repeat", r.repeat);
  f("transport", r.transport);
  f("status", r.status);
  f("server_version", r.server_version);
  f("tps", r.tps);
  f("qps", r.qps);
  f("p95_ms", r.p95_ms);
  f("p99_ms", r.p99_ms);
  f("errors", r.errors);
  f("reconnects", r.reconnects);
  f("cpu_model", r.machine.cpu_model);
  f("cores", r.machine.cores);
  f("kernel", r.machine.kernel);
  f("governor", r.machine.governor);
  f("memory_bytes", r.machine.memory_bytes);
  f("nopm", r.nopm);  // version 4: last, where ALTER TABLE ADD COLUMN puts it
  f("definition", r.definition);  // version 5: after it, likewise
  f("variant", r.variant);        // version 6: after it, likewise
}

// "run_id, started_at, ...": every column, in table order.
inline std::string history_column_list() {
  HistoryRow row;
  std::string out;
  for_each_history_column(
      row, [&](const char* name, const auto&) { (out += out.empty() ? "" : ", ") += name; });
  return out;
}

}  // namespace versus::results
