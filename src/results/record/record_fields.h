#pragma once
// The fields of every record of results.json (docs/output.md), each declared once, in the
// order they are written: the one list that both writes and reads a record (through
// results/record/json_fields.h). A field that older versions did not write is optional: a file
// without it reads as the record's default (or as its Absent value, where that differs).
// Units are the records' own (record.h, measured/usage_record.h, measured/warmup_record.h). The
// machine a run measured on and its shards are declared in host_json.h.
#include <string>
#include <string_view>

#include "results/record/host_json.h"
#include "results/record/json_fields.h"
#include "results/record/record.h"
#include "sysbench/family_traits.h"

namespace versus::results {

// The names the declarations write and read (record_fields.cpp): "ok", "failed", "crashed",
// "unresponsive";
// "retried", "reconnected", "fatal"; sysbench's --rand-type names; a warmup's rule,
// "steady" (true) or "fixed"; multiple_comparisons "holm", "bh" or "none" ("" = none);
// estimate "paired" or "independent" ("" reads as "independent").
extern const Names<CellStatus> kCellStatusNames;
extern const Names<measured::ErrorKind> kErrorKindNames;
extern const Names<sysbench::RandType> kRandTypeNames;
extern const Names<bool> kWarmupRuleNames;
extern const Names<std::string> kAdjustmentNames;
extern const Names<std::string> kEstimateNames;

// A cell's "counters" (over the measured interval).
template <class V>
void fields(V& v, Visited<V, measured::Counters>& c) {
  v.required("transactions", c.transactions);
  v.required("reads", c.reads);
  v.required("writes", c.writes);
  v.required("other", c.other);
  v.required("ignored_errors", c.ignored_errors);
  v.required("reconnects", c.reconnects);
  v.optional("abandoned", c.abandoned);
}

// A cell's "latency_ms" (milliseconds).
template <class V>
void fields(V& v, Visited<V, measured::LatencyMs>& l) {
  v.required("min", l.min);
  v.required("avg", l.avg);
  v.required("p50", l.p50);
  v.required("p90", l.p90);
  v.required("p95", l.p95);
  v.required("p99", l.p99);
  v.required("p999", l.p999);
  v.required("max", l.max);
}

// One second of a cell's "series" (also `versus bench --format json`'s).
template <class V>
void fields(V& v, Visited<V, measured::SecondSample>& s) {
  v.required("t", s.t_s);
  v.required("seconds", s.seconds);
  v.required("transactions", s.transactions);
  v.required("queries", s.queries);
  v.required("errors", s.errors);
  v.required("p95_ms", s.p95_ms);
}

// One class of a cell's "statements" (milliseconds).
template <class V>
void fields(V& v, Visited<V, measured::StatementTime>& t) {
  v.required("class", t.statement);
  v.required("count", t.count);
  v.required("total_ms", t.total_ms);
  v.required("mean_ms", t.mean_ms);
  v.required("p50_ms", t.p50_ms);
  v.required("p95_ms", t.p95_ms);
  v.required("p99_ms", t.p99_ms);
}

// One code and kind of a cell's "errors".
template <class V>
void fields(V& v, Visited<V, measured::ErrorCount>& e) {
  v.required("code", e.code);
  v.required("kind", named(e.kind, kErrorKindNames));
  v.required("count", e.count);
  v.required("message", e.message);
}

// A cell's "mix": how each transaction was wrapped, then its statement counts.
template <class V>
void fields(V& v, Visited<V, MixRecord>& m) {
  v.required("dialect", m.dialect);
  v.required("transaction", m.transaction);
  v.required("lock_tables", m.lock_tables);
  sysbench::for_each_count(m, [&](const char* name, auto& count) {
    const std::string_view n(name);
    // inlist_size came after the first results: older ones read as its default.
    if (n == "inlist_size") return v.optional(name, at_least(count, 1));
    v.required(name, at_least(count, n == "range_size" ? 1 : 0));
  });
  v.optional("tpcc_home", m.tpcc_home, When{!m.tpcc_home.empty()});  // tpcc only
  v.optional("tpcc_mix", m.tpcc_mix, When{!m.tpcc_mix.empty()});     // tpcc only
  v.optional("definition", m.definition, When{m.definition > 0});     // microbenchmarks
}

// One kind of a cell's "transaction_kinds" (tpcc: new_order, payment, ...).
template <class V>
void fields(V& v, Visited<V, measured::TransactionKind>& k) {
  v.required("name", k.name);
  v.required("transactions", k.transactions);
  v.required("retried", k.retried);
  v.required("latency_ms", k.latency);
}

// One condition of a cell's "consistency" (tpcc).
template <class V>
void fields(V& v, Visited<V, measured::ConsistencyRecord>& c) {
  v.required("condition", at_least(c.condition, 1));
  v.required("violations", at_least(c.violations, std::int64_t{0}));
  v.optional("seconds", c.seconds);  // 0 in results recorded before it was
}

// One of a cell's "stalls".
template <class V>
void fields(V& v, Visited<V, measured::Stall>& s) {
  v.required("start_s", s.start_s);
  v.required("seconds", s.seconds);
}

// A cell's "distribution" of ids.
template <class V>
void fields(V& v, Visited<V, sysbench::RandSpec>& d) {
  v.required("type", named(d.type, kRandTypeNames));
  v.required("spec_pct", at_least(d.spec_pct, 0));
  v.required("spec_res", at_least(d.spec_res, 0));
  v.required("pareto_h", d.pareto_h);
  v.optional("zipfian_exp", d.zipfian_exp);  // older results read as sysbench's 0.8
}

// A usage's "placement": samples per CPU number, written as decimal keys.
template <class V>
void fields(V& v, Visited<V, measured::PlacementRecord>& p) {
  v.required("samples", p.samples);
  v.required("server_cpus", worded(p.server_cpus, "a CPU number and a count"));
  v.required("client_cpus", worded(p.client_cpus, "a CPU number and a count"));
  v.required("server_migrations", p.server_migrations);
  v.required("client_migrations", p.client_migrations);
}

// A usage's "perf": what perf_event_open counted; reading one marks it recorded.
template <class V>
void fields(V& v, Visited<V, measured::PerfRecord>& p) {
  v.mark_read(p.recorded);
  v.required("task_clock_s", p.task_clock_s);
  v.required("cycles", p.cycles);
  v.required("instructions", p.instructions);
  v.required("unavailable", p.unavailable);
}

// A cell's "usage"; reading one marks it measured.
template <class V>
void fields(V& v, Visited<V, measured::UsageRecord>& u) {
  v.mark_read(u.measured);
  v.optional("interval_s", u.interval_s);
  v.optional("transactions", u.transactions);
  v.optional("cpu_interval_s", u.cpu_interval_s);
  v.required("server_user_s", u.server_user_s);
  v.required("server_system_s", u.server_system_s);
  v.required("client_user_s", u.client_user_s);
  v.required("client_system_s", u.client_system_s);
  v.required("voluntary_switches", u.voluntary_switches);
  v.required("involuntary_switches", u.involuntary_switches);
  v.required("read_bytes", u.read_bytes);
  v.required("write_bytes", u.write_bytes);
  v.required("read_chars", u.read_chars);
  v.required("write_chars", u.write_chars);
  v.required("peak_rss_bytes", u.peak_rss_bytes);
  v.required("host_busy_s", u.host_busy_s);
  v.optional("steal_s", u.steal_s);
  v.required("host_cpus", u.host_cpus);
  v.optional("host_speed", u.host_speed);
  v.optional("host_speed_samples", u.host_speed_samples);
  v.required("status", u.status);
  v.required("innodb_metrics", u.innodb_metrics);
  v.optional("placement", u.placement);
  v.optional("perf", u.perf, When{u.perf.recorded});
  v.optional("client_on_host", u.client_on_host, When{!u.client_on_host});  // absent: true
}

// A cell's "warmup"; reading one marks it recorded.
template <class V>
void fields(V& v, Visited<V, measured::WarmupRecord>& w) {
  v.mark_read(w.recorded);
  v.required("prewarm", worded(w.prewarm, "a boolean"));
  v.required("prewarm_seconds", w.prewarm_seconds);
  v.required("seconds", w.seconds);
  v.required("rule", named(w.until_steady, kWarmupRuleNames));
  v.required("steady", worded(w.steady, "a boolean"));
}

// One warning of an execution in a cell's "query_results".
template <class V>
void fields(V& v, Visited<V, measured::WarningRecord>& w) {
  v.required("code", w.code);
  v.required("level", w.level);
  v.required("message", w.message);
}

// One execution of a class in a cell's "query_results"; what it lacks is not written.
template <class V>
void fields(V& v, Visited<V, measured::ExecutionResult>& e) {
  v.optional("line", e.line, When{e.line > 0});
  v.required("text", e.text);
  v.required("result_set", e.result_set);
  v.required("rows", e.rows);
  v.optional("checksum", e.checksum, When{!e.checksum.empty()});
  v.optional("warnings", e.warnings, When{!e.warnings.empty()});
  v.optional("error", e.error, When{e.error != 0});
  v.optional("error_message", e.error_message, When{!e.error_message.empty()});
  v.optional("columns", e.columns, When{!e.columns.empty()});
  v.optional("rows_shown", e.rows_shown, When{!e.rows_shown.empty()});
}

// A class's executions past its kept ones.
template <class V>
void fields(V& v, Visited<V, measured::RestOfClass>& r) {
  v.required("executions", r.executions);
  v.required("hash", r.hash);
}

// One class of a cell's "query_results".
template <class V>
void fields(V& v, Visited<V, measured::ClassResults>& c) {
  v.required("class", c.statement);
  v.optional("nondeterminism", c.nondeterminism, When{!c.nondeterminism.empty()});
  v.optional("tolerant", c.tolerant, When{c.tolerant});
  v.required("executions", c.executions);
  v.optional("rest", c.rest, When{c.rest.executions > 0});
}

// A cell's "query_results" (a replay's comparison pass); reading one marks it recorded.
template <class V>
void fields(V& v, Visited<V, measured::QueryResults>& q) {
  v.mark_read(q.recorded);
  v.required("seconds", q.seconds);
  v.optional("rows_values", q.rows_values, When{q.rows_values});
  v.optional("stopped", q.stopped, When{!q.stopped.empty()});
  v.required("classes", q.classes);
}

// One of results.json's "cells".
template <class V>
void fields(V& v, Visited<V, CellRecord>& c) {
  v.required("server", c.server);
  v.required("profile", c.profile);
  v.required("engine", c.engine);
  v.required("workload", c.workload);
  v.required("threads", at_least(c.threads, 1));
  v.required("repeat", at_least(c.repeat, 0));
  v.optional("tables", at_least(c.tables, 0));
  v.optional("table_size", c.table_size);
  v.required("status", named(c.status, kCellStatusNames));
  v.required("error", c.error);
  v.optional("diagnosis", c.diagnosis, When{!c.diagnosis.empty()});  // unresponsive cells
  v.required("server_version", c.server_version);
  v.required("my_cnf", c.my_cnf);
  v.required("error_log", c.error_log);
  v.required("started_at", c.started_at);
  v.optional("transport", c.transport);
  v.group("run_length", [&](auto& g) {
    g.required("warmup_s", c.warmup_s);
    g.required("duration_s", c.duration_s);
    g.required("max_requests", c.max_requests);
  });
  v.required("seconds", c.seconds);
  v.required("counters", c.counters);
  v.optional("errors", c.errors);
  v.required("tps", c.tps);
  v.required("qps", c.qps);
  v.required("latency_ms", c.latency);
  v.optional("statements", c.statements, When{!c.statements.empty()});  // absent: not timed
  v.optional("cpu_probe", c.cpu_probe);
  v.optional("cpu_quota_pct", c.cpu_quota_pct);
  v.optional("series", c.series);
  v.optional("stalls", c.stalls, When{!c.stalls.empty()});
  v.optional("mix", c.mix);
  v.optional("distribution", c.distribution);
  v.optional("usage", c.usage, When{c.usage.measured});     // absent: not collected
  v.optional("warmup", c.warmup, When{c.warmup.recorded});  // absent: not recorded
  v.optional("host", c.host, When{!c.host.empty()});        // a merged run's cells only
  // A family with a headline rate (sysbench/family_traits.h; TPC-C): NOPM and TPM; every
  // family with kinds of transaction: each kind's figures; the tables' checks where made.
  const bool has_kinds = !c.kinds.empty();
  const bool headline = has_kinds && sysbench::traits_of_named(c.workload).has_headline();
  v.optional("nopm", c.nopm, When{headline});
  v.optional("nopm_server", c.nopm_server, When{headline && c.nopm_server > 0});
  v.optional("tpm", c.tpm, When{headline});
  v.optional("transaction_kinds", c.kinds, When{has_kinds});
  v.optional("consistency", c.consistency, When{!c.consistency.empty()});
  v.optional("query_results", c.query_results, When{c.query_results.recorded});  // replays
}

// results.json's "run". What a run without a part (fixed repeats, no facts gathered, servers
// on this host, no shards) lacks is not written, so such files read and write as before.
template <class V>
void fields(V& v, Visited<V, RunInfo>& i) {
  v.required("run_id", i.run_id);
  v.required("matrix_file", i.matrix_file);
  v.required("started_at", i.started_at);
  v.required("versus_version", i.versus_version);
  v.required("servers", i.servers);
  v.required("profiles", i.profiles);
  v.optional("min_difference_pct", i.min_difference_pct);
  v.optional("interference_limit_pct", i.interference_limit_pct);
  v.optional("metric", i.metric);
  v.optional("multiple_comparisons", named(i.multiple_comparisons, kAdjustmentNames),
             Absent<std::string>{""});  // absent: none, what such files' verdicts used
  v.optional("estimate", named(i.estimate, kEstimateNames));
  v.optional("seed", i.seed);
  v.optional("thread_placement", i.thread_placement, When{i.thread_placement != "free"});
  const bool sequential = i.max_repeats > 0;  // repeats: auto
  v.optional("max_repeats", at_least(i.max_repeats, 0), When{sequential});
  v.optional("sequential_alpha", i.sequential_alpha, When{sequential});
  const MachineFacts& m = i.machine;
  v.optional("machine", i.machine, When{!m.cpu_model.empty() || m.cores > 0 || !m.kernel.empty()});
  v.group(
      "server_host",
      [&](auto& g) {
        g.required("name", i.server_host);
        g.required("address", i.server_address);
        g.required("machine", i.server_machine);
      },
      When{!i.server_host.empty()});
  v.optional("shard", i.shard, When{i.shard.count > 0});
  v.optional("hosts", i.hosts, When{!i.hosts.empty()});
}

// One of results.json's "data_sizes".
template <class V>
void fields(V& v, Visited<V, DataSizeRecord>& s) {
  v.required("server", s.server);
  v.required("profile", s.profile);
  v.required("engine", s.engine);
  v.required("tables", at_least(s.tables, 0));
  v.required("table_size", at_least(s.table_size, 0));
  v.required("file_source", s.file_source);
  v.required("data_file_bytes", s.data_file_bytes);
  v.required("index_file_bytes", s.index_file_bytes);
  v.required("data_length", s.data_length);
  v.required("index_length", s.index_length);
  v.optional("statistics", s.statistics);
  v.optional("from_cache", s.from_cache);
  v.optional("data_from", s.data_from, When{!s.data_from.empty()});
  const bool table = !s.table_collation.empty() || !s.table_charset.empty();
  v.optional("table_charset", s.table_charset, When{table});
  v.optional("table_collation", s.table_collation, When{table});
  v.optional("settings", s.settings, When{!s.settings.empty()});
  v.optional("plans", s.plans, When{!s.plans.empty()});
}

// One table of a plan's shape (results/record/statement_plan.h).
template <class V>
void fields(V& v, Visited<V, PlanTable>& t) {
  v.required("table", t.table);
  v.required("access_type", t.access_type);
  v.required("key", t.key);
  v.required("rows", t.rows);
}

// One statement's plan on an instance: what EXPLAIN said ("raw") and its normalised shape.
template <class V>
void fields(V& v, Visited<V, StatementPlan>& p) {
  v.required("statements", p.statements);
  v.required("class", p.statement_class);
  v.required("sql", p.sql);
  v.required("format", p.format);
  v.required("raw", p.raw);
  v.optional("error", p.error, When{!p.error.empty()});
  v.required("tables", p.shape.tables);
  v.required("filesort", p.shape.filesort);
  v.required("temporary", p.shape.temporary);
}

// Everything of results.json but its "format" (record_json.cpp writes and checks that).
template <class V>
void fields(V& v, Visited<V, RunResults>& r) {
  v.required("run", r.info);
  v.required("cells", r.cells);
  v.optional("data_sizes", r.data_sizes, When{!r.data_sizes.empty()});
}

}  // namespace versus::results
