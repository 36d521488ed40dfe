#include "results/record_json.h"

#include <climits>
#include <cstdint>
#include <exception>
#include <limits>
#include <utility>
#include <vector>

#include "results/data_size_json.h"
#include "results/errors_json.h"
#include "results/host_json.h"
#include "results/multiplicity.h"
#include "results/usage_json.h"
#include "results/warmup_json.h"

namespace versus::results {

namespace {

using Json = nlohmann::ordered_json;

// Reads typed fields of one JSON object into plain values. Keeps the first error,
// naming the field by its path; later reads after an error are no-ops.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string path) : object_(object), path_(std::move(path)) {
    if (!object_.is_object()) error_ = Error{path_ + ": expected an object"};
  }

  void text(const char* key, std::string& out) {
    if (const Json* v = field(key, v_is_string, "a string")) out = v->get<std::string>();
  }

  // JSON has no NaN; nlohmann writes it as null, so null reads back as NaN.
  void number(const char* key, double& out) {
    if (const Json* v = field(key, v_is_number_or_null, "a number"))
      out = v->is_null() ? std::numeric_limits<double>::quiet_NaN() : v->get<double>();
  }

  void count(const char* key, std::uint64_t& out) {
    if (const Json* v = field(key, v_is_unsigned, "an unsigned integer"))
      out = v->get<std::uint64_t>();
  }

  void integer(const char* key, int& out, int min) {
    const Json* v = field(key, v_is_integer, "an integer");
    if (v == nullptr) return;
    if (!fits_int(*v) || v->get<std::int64_t>() < min) {
      set_error(key, at_least(min));
      return;
    }
    out = v->get<int>();
  }

  void flag(const char* key, bool& out) {
    if (const Json* v = field(key, v_is_boolean, "true or false")) out = v->get<bool>();
  }

  void texts(const char* key, std::vector<std::string>& out) {
    const Json* v = field(key, v_is_array, "an array of strings");
    if (v == nullptr) return;
    out.clear();
    for (const Json& item : *v) {
      if (!item.is_string()) return set_error(key, "expected an array of strings");
      out.push_back(item.get<std::string>());
    }
  }

  // A nested object, or nullptr (with the error kept) when missing or of another type.
  const Json* object(const char* key) { return field(key, v_is_object, "an object"); }

  std::string path_of(const char* key) const { return path_ + "." + key; }
  bool ok() const { return !error_.has_value(); }
  // Takes over the first error of a reader of a nested object.
  void absorb(const FieldReader& child) {
    if (ok()) error_ = child.error_;
  }
  void set_error(const char* key, const std::string& what) {
    if (ok()) error_ = Error{path_of(key) + ": " + what};
  }

  Expected<void> result() const {
    if (error_) return fail(*error_);
    return {};
  }

 private:
  static bool v_is_string(const Json& v) { return v.is_string(); }
  static bool v_is_number_or_null(const Json& v) { return v.is_number() || v.is_null(); }
  static bool v_is_unsigned(const Json& v) { return v.is_number_unsigned(); }
  static bool v_is_integer(const Json& v) { return v.is_number_integer(); }
  static bool v_is_array(const Json& v) { return v.is_array(); }
  static bool v_is_boolean(const Json& v) { return v.is_boolean(); }
  static bool v_is_object(const Json& v) { return v.is_object(); }

  static bool fits_int(const Json& v) {
    if (v.is_number_unsigned())
      return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX);
    const auto s = v.get<std::int64_t>();
    return s >= INT_MIN && s <= INT_MAX;
  }
  static std::string at_least(int min) { return "expected an integer >= " + std::to_string(min); }

  const Json* field(const char* key, bool (*is_expected)(const Json&), const char* what) {
    if (!ok()) return nullptr;
    const auto it = object_.find(key);
    if (it == object_.end()) {
      set_error(key, "missing");
      return nullptr;
    }
    if (!is_expected(*it)) {
      set_error(key, std::string("expected ") + what + ", got " + it->type_name());
      return nullptr;
    }
    return &*it;
  }

  const Json& object_;
  std::string path_;
  std::optional<Error> error_;
};

Json counters_to_json(const measured::Counters& c) {
  return Json{{"transactions", c.transactions},
              {"reads", c.reads},
              {"writes", c.writes},
              {"other", c.other},
              {"ignored_errors", c.ignored_errors},
              {"reconnects", c.reconnects},
              {"abandoned", c.abandoned}};
}

Json latency_to_json(const measured::LatencyMs& l) {
  return Json{{"min", l.min}, {"avg", l.avg}, {"p50", l.p50},   {"p90", l.p90},
              {"p95", l.p95}, {"p99", l.p99}, {"p999", l.p999}, {"max", l.max}};
}

void read_counters(FieldReader& parent, const char* key, measured::Counters& c) {
  const Json* json = parent.object(key);
  if (json == nullptr) return;
  FieldReader r(*json, parent.path_of(key));
  r.count("transactions", c.transactions);
  r.count("reads", c.reads);
  r.count("writes", c.writes);
  r.count("other", c.other);
  r.count("ignored_errors", c.ignored_errors);
  r.count("reconnects", c.reconnects);
  if (json->contains("abandoned")) r.count("abandoned", c.abandoned);  // absent in older files
  parent.absorb(r);
}

void read_latency(FieldReader& parent, const char* key, measured::LatencyMs& l) {
  const Json* json = parent.object(key);
  if (json == nullptr) return;
  FieldReader r(*json, parent.path_of(key));
  for (auto [name, value] : {std::pair{"min", &l.min},
                             {"avg", &l.avg},
                             {"p50", &l.p50},
                             {"p90", &l.p90},
                             {"p95", &l.p95},
                             {"p99", &l.p99},
                             {"p999", &l.p999},
                             {"max", &l.max}})
    r.number(name, *value);
  parent.absorb(r);
}

// Optional: results written before the series existed have none.
void read_series(const Json& cell, const std::string& path,
                 std::vector<measured::SecondSample>& out, FieldReader& parent) {
  auto it = cell.find("series");
  if (it == cell.end() || !it->is_array()) return;
  for (std::size_t i = 0; i < it->size(); ++i) {
    FieldReader r((*it)[i], path + ".series[" + std::to_string(i) + "]");
    measured::SecondSample s;
    r.number("t", s.t_s);
    r.number("seconds", s.seconds);
    r.count("transactions", s.transactions);
    r.count("queries", s.queries);
    r.count("errors", s.errors);
    r.number("p95_ms", s.p95_ms);
    parent.absorb(r);
    out.push_back(s);
  }
}

}  // namespace

Json series_to_json(const std::vector<measured::SecondSample>& series) {
  Json out = Json::array();
  for (const auto& s : series)
    out.push_back(Json{{"t", s.t_s},
                       {"seconds", s.seconds},
                       {"transactions", s.transactions},
                       {"queries", s.queries},
                       {"errors", s.errors},
                       {"p95_ms", s.p95_ms}});
  return out;
}

Json mix_to_json(const MixRecord& m) {
  Json out{{"dialect", m.dialect}, {"transaction", m.transaction}, {"lock_tables", m.lock_tables}};
  sysbench::for_each_count(m, [&](const char* name, int count) { out[name] = count; });
  return out;
}

Json distribution_to_json(const sysbench::RandSpec& d) {
  return Json{{"type", sysbench::rand_type_name(d.type)},
              {"spec_pct", d.spec_pct},
              {"spec_res", d.spec_res},
              {"pareto_h", d.pareto_h}};
}

namespace {

// Optional: results written before the mix was recorded keep MixRecord's defaults.
void read_mix(const Json& cell, FieldReader& parent, MixRecord& m) {
  if (!cell.is_object() || !cell.contains("mix")) return;
  const Json* json = parent.object("mix");
  if (json == nullptr) return;
  FieldReader r(*json, parent.path_of("mix"));
  r.text("dialect", m.dialect);
  r.flag("transaction", m.transaction);
  r.flag("lock_tables", m.lock_tables);
  sysbench::for_each_count(m, [&](const char* name, int& count) {
    r.integer(name, count, std::string_view(name) == "range_size" ? 1 : 0);
  });
  parent.absorb(r);
}

// Optional: results written before the distribution was recorded keep its defaults.
void read_distribution(const Json& cell, FieldReader& parent, sysbench::RandSpec& d) {
  if (!cell.is_object() || !cell.contains("distribution")) return;
  const Json* json = parent.object("distribution");
  if (json == nullptr) return;
  FieldReader r(*json, parent.path_of("distribution"));
  std::string type(sysbench::rand_type_name(d.type));
  r.text("type", type);
  if (auto known = sysbench::rand_type_from_name(type))
    d.type = *known;
  else
    r.set_error("type", "expected a sysbench --rand-type name, got \"" + type + "\"");
  r.integer("spec_pct", d.spec_pct, 0);
  r.integer("spec_res", d.spec_res, 0);
  r.number("pareto_h", d.pareto_h);
  parent.absorb(r);
}

// Optional: a key missing from older results leaves `out` at its default.
void read_optional_number(const Json& object, FieldReader& r, const char* key, double& out) {
  if (object.is_object() && object.contains(key)) r.number(key, out);
}

// Optional, all of them: results written before they were recorded keep the defaults
// (tables 0 and table_size 0 for "unknown", transport tcp, run length not recorded).
void read_cell_setup(const Json& cell, FieldReader& r, CellRecord& c) {
  if (!cell.is_object()) return;
  if (cell.contains("tables")) r.integer("tables", c.tables, 0);
  if (cell.contains("table_size")) {
    double size = 0;
    r.number("table_size", size);
    c.table_size = static_cast<std::int64_t>(size);
  }
  if (cell.contains("transport")) r.text("transport", c.transport);
  if (!cell.contains("run_length")) return;
  const Json* json = r.object("run_length");
  if (json == nullptr) return;
  FieldReader l(*json, r.path_of("run_length"));
  l.number("warmup_s", c.warmup_s);
  l.number("duration_s", c.duration_s);
  l.count("max_requests", c.max_requests);
  r.absorb(l);
}

// Optional: only a run whose servers ran on another host has it.
Expected<void> read_server_host(const Json& info, const std::string& path, RunInfo& out) {
  auto it = info.find("server_host");
  if (it == info.end()) return {};
  const std::string at = path + ".server_host";
  if (!it->is_object()) return fail(at + ": expected an object");
  FieldReader r(*it, at);
  r.text("name", out.server_host);
  r.text("address", out.server_address);
  if (!r.ok()) return fail(r.result().error());
  auto m = it->find("machine");
  if (m == it->end()) return fail(at + ".machine: missing");
  auto facts = machine_from_json(*m, at + ".machine");
  if (!facts) return fail(facts.error());
  out.server_machine = std::move(*facts);
  return {};
}

void read_status(FieldReader& r, const char* key, CellStatus& status) {
  std::string name;
  r.text(key, name);
  if (!r.ok()) return;
  if (auto parsed = status_from_name(name)) {
    status = *parsed;
  } else {
    r.set_error(key, "expected \"ok\", \"failed\" or \"crashed\", got \"" + name + "\"");
  }
}

// The part of an exception message after nlohmann's "[json.exception.xxx.nnn] " tag.
std::string without_tag(const std::string& what) {
  const auto end = what.find("] ");
  return end == std::string::npos ? what : what.substr(end + 2);
}

Expected<void> check_format(const Json& json) {
  const auto it = json.find("format");
  if (it == json.end()) return fail("format: missing (not a versus results file?)");
  for (std::string_view older : kOlderResultsFormats)
    if (it->is_string() && it->get<std::string>() == older) return {};
  if (!it->is_string() || it->get<std::string>() != kResultsFormat)
    return fail("format: expected \"" + std::string(kResultsFormat) + "\", got " + it->dump());
  return {};
}

Expected<std::vector<CellRecord>> cells_from_json(const Json& json) {
  const auto it = json.find("cells");
  if (it == json.end()) return fail("cells: missing");
  if (!it->is_array()) return fail(std::string("cells: expected an array, got ") + it->type_name());
  std::vector<CellRecord> cells;
  for (std::size_t i = 0; i < it->size(); ++i) {
    auto cell = cell_from_json((*it)[i], "cells[" + std::to_string(i) + "]");
    if (!cell) return fail(cell.error());
    cells.push_back(std::move(*cell));
  }
  return cells;
}

Expected<RunResults> results_from_object(const Json& json) {
  if (!json.is_object()) return fail(std::string("expected an object, got ") + json.type_name());
  if (auto format = check_format(json); !format) return fail(format.error());
  const auto run = json.find("run");
  if (run == json.end()) return fail("run: missing");
  auto info = run_info_from_json(*run, "run");
  if (!info) return fail(info.error());
  auto cells = cells_from_json(json);
  if (!cells) return fail(cells.error());
  auto sizes = data_sizes_from_json(json);  // optional: older files have none
  if (!sizes) return fail(sizes.error());
  return RunResults{std::move(*info), std::move(*cells), std::move(*sizes)};
}

}  // namespace

std::string_view status_name(CellStatus status) {
  switch (status) {
    case CellStatus::ok:
      return "ok";
    case CellStatus::failed:
      return "failed";
    case CellStatus::crashed:
      return "crashed";
  }
  return "ok";
}

std::optional<CellStatus> status_from_name(std::string_view name) {
  for (CellStatus s : {CellStatus::ok, CellStatus::failed, CellStatus::crashed})
    if (status_name(s) == name) return s;
  return std::nullopt;
}

Json cell_to_json(const CellRecord& c) {
  Json json{{"server", c.server},
            {"profile", c.profile},
            {"engine", c.engine},
            {"workload", c.workload},
            {"threads", c.threads},
            {"repeat", c.repeat},
            {"tables", c.tables},
            {"table_size", c.table_size},
            {"status", status_name(c.status)},
            {"error", c.error},
            {"server_version", c.server_version},
            {"my_cnf", c.my_cnf},
            {"error_log", c.error_log},
            {"started_at", c.started_at},
            {"transport", c.transport},
            {"run_length", Json{{"warmup_s", c.warmup_s},
                                {"duration_s", c.duration_s},
                                {"max_requests", c.max_requests}}},
            {"seconds", c.seconds},
            {"counters", counters_to_json(c.counters)},
            {"errors", errors_to_json(c.errors)},
            {"tps", c.tps},
            {"qps", c.qps},
            {"latency_ms", latency_to_json(c.latency)},
            {"cpu_probe", c.cpu_probe},
            {"cpu_quota_pct", c.cpu_quota_pct},
            {"series", series_to_json(c.series)},
            {"mix", mix_to_json(c.mix)},
            {"distribution", distribution_to_json(c.distribution)}};
  if (c.usage.measured) json["usage"] = usage_to_json(c.usage);      // absent: not collected
  if (c.warmup.recorded) json["warmup"] = warmup_to_json(c.warmup);  // absent: older results
  if (!c.host.empty()) json["host"] = c.host;                        // a merged run's cells only
  return json;
}

Json run_info_to_json(const RunInfo& info) {
  Json json{{"run_id", info.run_id},
            {"matrix_file", info.matrix_file},
            {"started_at", info.started_at},
            {"versus_version", info.versus_version},
            {"servers", info.servers},
            {"profiles", info.profiles},
            {"min_difference_pct", info.min_difference_pct},
            {"interference_limit_pct", info.interference_limit_pct},
            {"metric", info.metric},
            {"multiple_comparisons", info.multiple_comparisons},
            {"estimate", info.estimate},
            {"seed", info.seed}};
  if (info.thread_placement != "free") json["thread_placement"] = info.thread_placement;
  if (info.max_repeats > 0) {  // repeats: auto only: fixed-repeat results read as before
    json["max_repeats"] = info.max_repeats;
    json["sequential_alpha"] = info.sequential_alpha;
  }
  // Only when gathered: results without facts read and write exactly as before.
  const MachineFacts& m = info.machine;
  if (!m.cpu_model.empty() || m.cores > 0 || !m.kernel.empty())
    json["machine"] = machine_to_json(m);
  if (!info.server_host.empty())  // a run whose servers ran here has none
    json["server_host"] = Json{{"name", info.server_host},
                               {"address", info.server_address},
                               {"machine", machine_to_json(info.server_machine)}};
  add_shard_json(info, json);
  return json;
}

Json results_to_json(const RunResults& results) {
  Json cells = Json::array();
  for (const CellRecord& cell : results.cells) cells.push_back(cell_to_json(cell));
  Json json{{"format", kResultsFormat},
            {"run", run_info_to_json(results.info)},
            {"cells", std::move(cells)}};
  if (!results.data_sizes.empty()) json["data_sizes"] = data_sizes_to_json(results.data_sizes);
  return json;
}

Expected<CellRecord> cell_from_json(const Json& json, const std::string& path) {
  CellRecord c;
  FieldReader r(json, path);
  r.text("server", c.server);
  r.text("profile", c.profile);
  r.text("engine", c.engine);
  r.text("workload", c.workload);
  r.integer("threads", c.threads, 1);
  r.integer("repeat", c.repeat, 0);
  read_status(r, "status", c.status);
  r.text("error", c.error);
  r.text("server_version", c.server_version);
  r.text("my_cnf", c.my_cnf);
  r.text("error_log", c.error_log);
  r.text("started_at", c.started_at);
  read_cell_setup(json, r, c);
  r.number("seconds", c.seconds);
  read_counters(r, "counters", c.counters);
  r.number("tps", c.tps);
  r.number("qps", c.qps);
  read_latency(r, "latency_ms", c.latency);
  read_optional_number(json, r, "cpu_probe", c.cpu_probe);
  read_optional_number(json, r, "cpu_quota_pct", c.cpu_quota_pct);
  read_series(json, path, c.series, r);
  read_mix(json, r, c.mix);
  read_distribution(json, r, c.distribution);
  if (json.contains("host")) r.text("host", c.host);
  if (!r.ok()) return fail(r.result().error());
  if (auto usage = json.find("usage"); usage != json.end()) {  // optional: absent before /2
    auto u = usage_from_json(*usage, path + ".usage");
    if (!u) return fail(u.error());
    c.usage = std::move(*u);
  }
  if (auto errors = json.find("errors"); errors != json.end()) {  // optional: absent before
    auto e = errors_from_json(*errors, path + ".errors");
    if (!e) return fail(e.error());
    c.errors = std::move(*e);
  }
  if (auto warmup = json.find("warmup"); warmup != json.end()) {  // optional: absent before
    auto w = warmup_from_json(*warmup, path + ".warmup");
    if (!w) return fail(w.error());
    c.warmup = *w;
  }
  return c;
}

Expected<RunInfo> run_info_from_json(const Json& json, const std::string& path) {
  RunInfo info;
  FieldReader r(json, path);
  r.text("run_id", info.run_id);
  r.text("matrix_file", info.matrix_file);
  r.text("started_at", info.started_at);
  r.text("versus_version", info.versus_version);
  r.texts("servers", info.servers);
  r.texts("profiles", info.profiles);
  read_optional_number(json, r, "min_difference_pct", info.min_difference_pct);
  read_optional_number(json, r, "interference_limit_pct", info.interference_limit_pct);
  if (json.is_object() && json.contains("metric")) r.text("metric", info.metric);
  if (json.is_object() && json.contains("thread_placement"))
    r.text("thread_placement", info.thread_placement);
  info.multiple_comparisons.clear();  // older results: no adjustment (what they used)
  if (json.is_object() && json.contains("multiple_comparisons"))
    r.text("multiple_comparisons", info.multiple_comparisons);
  if (!adjustment_from_name(info.multiple_comparisons))
    r.set_error("multiple_comparisons",
                "expected \"holm\", \"bh\" or \"none\", got \"" + info.multiple_comparisons + "\"");
  info.estimate.clear();  // older results: independent samples (what they used)
  if (json.is_object() && json.contains("estimate")) r.text("estimate", info.estimate);
  if (!estimate_from_name(info.estimate))
    r.set_error("estimate",
                "expected \"paired\" or \"independent\", got \"" + info.estimate + "\"");
  if (info.estimate.empty()) info.estimate = "independent";
  if (json.is_object() && json.contains("seed")) r.count("seed", info.seed);
  if (json.is_object() && json.contains("max_repeats"))
    r.integer("max_repeats", info.max_repeats, 0);
  read_optional_number(json, r, "sequential_alpha", info.sequential_alpha);
  if (!r.ok()) return fail(r.result().error());
  // Optional: results written before machine facts were recorded have none.
  if (auto m = json.find("machine"); m != json.end()) {
    auto facts = machine_from_json(*m, path + ".machine");
    if (!facts) return fail(facts.error());
    info.machine = std::move(*facts);
  }
  if (auto shard = read_shard_json(json, path, info); !shard) return fail(shard.error());
  if (auto host = read_server_host(json, path, info); !host) return fail(host.error());
  return info;
}

Expected<RunResults> results_from_json(const Json& json) {
  try {
    return results_from_object(json);
  } catch (const std::exception& e) {  // type checks precede every get(); this is a backstop
    return fail(without_tag(e.what()));
  }
}

Expected<RunResults> parse_results(std::string_view text, const std::string& source) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return fail(source + ": empty file (truncated?)");
  Json json;
  try {
    json = Json::parse(text);
  } catch (const std::exception& e) {
    return fail(source + ": not valid JSON: " + without_tag(e.what()));
  }
  auto results = results_from_json(json);
  if (!results) return fail(results.error().context(source));
  return results;
}

}  // namespace versus::results
