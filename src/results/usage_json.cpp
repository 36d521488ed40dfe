#include "results/usage_json.h"

#include <utility>

namespace versus::results {
namespace {
using Json = nlohmann::ordered_json;

Json counter_map(const std::map<std::string, std::int64_t>& m) {
  Json out = Json::object();
  for (const auto& [name, value] : m) out[name] = value;
  return out;
}

Json cpu_map(const std::map<int, std::uint64_t>& m) {
  Json out = Json::object();
  for (const auto& [cpu, n] : m) out[std::to_string(cpu)] = n;
  return out;
}

Json placement_json(const measured::PlacementRecord& p) {
  return Json{{"samples", p.samples},
              {"server_cpus", cpu_map(p.server_cpus)},
              {"client_cpus", cpu_map(p.client_cpus)},
              {"server_migrations", p.server_migrations},
              {"client_migrations", p.client_migrations}};
}

// Checks one field; the first problem is kept as "<path>.<key>: <what>".
class Reader {
 public:
  Reader(const Json& j, std::string path) : j_(j), path_(std::move(path)) {
    if (!j_.is_object()) error_ = path_ + ": expected an object";
  }
  void number(const char* key, double& out) {
    if (const Json* v = find(key, "a number", &Json::is_number)) out = v->get<double>();
  }
  void count(const char* key, std::uint64_t& out) {
    if (const Json* v = find(key, "an unsigned integer", &Json::is_number_unsigned))
      out = v->get<std::uint64_t>();
  }
  // Keys added later: absent in older results, which keep the default.
  void optional_number(const char* key, double& out) {
    if (j_.contains(key)) number(key, out);
  }
  void optional_count(const char* key, std::uint64_t& out) {
    if (j_.contains(key)) count(key, out);
  }
  void optional_integer(const char* key, int& out) {
    if (j_.contains(key)) integer(key, out);
  }
  void optional_boolean(const char* key, bool& out) {
    if (!j_.contains(key)) return;
    if (const Json* v = find(key, "true or false", &Json::is_boolean)) out = v->get<bool>();
  }
  void integer(const char* key, int& out) {
    if (const Json* v = find(key, "an integer", &Json::is_number_integer)) out = v->get<int>();
  }
  void counters(const char* key, std::map<std::string, std::int64_t>& out) {
    const Json* v = find(key, "an object", &Json::is_object);
    if (v == nullptr) return;
    for (const auto& [name, value] : v->items()) {
      if (!value.is_number_integer()) {
        error_ = path_ + "." + key + "." + name + ": expected an integer";
        return;
      }
      out[name] = value.get<std::int64_t>();
    }
  }
  // {"0": 12, "1": 7}: CPU number -> count.
  void cpus(const char* key, std::map<int, std::uint64_t>& out) {
    const Json* v = find(key, "an object", &Json::is_object);
    if (v == nullptr) return;
    for (const auto& [name, value] : v->items()) {
      if (!value.is_number_unsigned() || name.empty() ||
          name.find_first_not_of("0123456789") != std::string::npos) {
        error_ = path_ + "." + key + "." + name + ": expected a CPU number and a count";
        return;
      }
      out[std::stoi(name)] = value.get<std::uint64_t>();
    }
  }
  void wide_integer(const char* key, std::int64_t& out) {
    if (const Json* v = find(key, "an integer", &Json::is_number_integer))
      out = v->get<std::int64_t>();
  }
  const Json* optional_object(const char* key) {
    auto it = j_.find(key);
    return it != j_.end() && error_.empty() ? &*it : nullptr;
  }
  void fail_with(const std::string& error) {
    if (error_.empty()) error_ = error;
  }
  const std::string& error() const { return error_; }

 private:
  const Json* find(const char* key, const char* what, bool (Json::*is)() const noexcept) {
    if (!error_.empty()) return nullptr;
    auto it = j_.find(key);
    if (it == j_.end()) {
      error_ = path_ + "." + key + ": missing";
      return nullptr;
    }
    if (!((*it).*is)()) {
      error_ = path_ + "." + key + ": expected " + what + ", got " + it->type_name();
      return nullptr;
    }
    return &*it;
  }
  const Json& j_;
  std::string path_;
  std::string error_;
};
// Every field but client_on_host.
Json usage_fields(const measured::UsageRecord& u);
}  // namespace

Json usage_to_json(const measured::UsageRecord& u) {
  Json j = usage_fields(u);
  if (!u.client_on_host) j["client_on_host"] = false;  // absent: true (older results too)
  return j;
}

namespace {
Json usage_fields(const measured::UsageRecord& u) {
  return Json{{"interval_s", u.interval_s},
              {"transactions", u.transactions},
              {"cpu_interval_s", u.cpu_interval_s},
              {"server_user_s", u.server_user_s},
              {"server_system_s", u.server_system_s},
              {"client_user_s", u.client_user_s},
              {"client_system_s", u.client_system_s},
              {"voluntary_switches", u.voluntary_switches},
              {"involuntary_switches", u.involuntary_switches},
              {"read_bytes", u.read_bytes},
              {"write_bytes", u.write_bytes},
              {"read_chars", u.read_chars},
              {"write_chars", u.write_chars},
              {"peak_rss_bytes", u.peak_rss_bytes},
              {"host_busy_s", u.host_busy_s},
              {"steal_s", u.steal_s},
              {"host_cpus", u.host_cpus},
              {"host_speed", u.host_speed},
              {"host_speed_samples", u.host_speed_samples},
              {"status", counter_map(u.status)},
              {"innodb_metrics", counter_map(u.innodb_metrics)},
              {"placement", placement_json(u.placement)}};
}
}  // namespace

namespace {
measured::PlacementRecord placement_from(const Json& json, const std::string& path,
                                         std::string& error) {
  measured::PlacementRecord p;
  Reader r(json, path);
  r.integer("samples", p.samples);
  r.cpus("server_cpus", p.server_cpus);
  r.cpus("client_cpus", p.client_cpus);
  r.wide_integer("server_migrations", p.server_migrations);
  r.wide_integer("client_migrations", p.client_migrations);
  error = r.error();
  return p;
}
}  // namespace

Expected<measured::UsageRecord> usage_from_json(const Json& json, const std::string& path) {
  measured::UsageRecord u;
  Reader r(json, path);
  r.optional_number("interval_s", u.interval_s);
  r.optional_count("transactions", u.transactions);
  r.optional_number("cpu_interval_s", u.cpu_interval_s);
  r.number("server_user_s", u.server_user_s);
  r.number("server_system_s", u.server_system_s);
  r.number("client_user_s", u.client_user_s);
  r.number("client_system_s", u.client_system_s);
  r.count("voluntary_switches", u.voluntary_switches);
  r.count("involuntary_switches", u.involuntary_switches);
  r.count("read_bytes", u.read_bytes);
  r.count("write_bytes", u.write_bytes);
  r.count("read_chars", u.read_chars);
  r.count("write_chars", u.write_chars);
  r.count("peak_rss_bytes", u.peak_rss_bytes);
  r.number("host_busy_s", u.host_busy_s);
  r.optional_number("steal_s", u.steal_s);
  r.integer("host_cpus", u.host_cpus);
  r.optional_number("host_speed", u.host_speed);  // absent in older results
  r.optional_integer("host_speed_samples", u.host_speed_samples);
  r.optional_boolean("client_on_host", u.client_on_host);
  r.counters("status", u.status);
  r.counters("innodb_metrics", u.innodb_metrics);
  if (const Json* p = r.optional_object("placement")) {  // absent in older results
    std::string error;
    u.placement = placement_from(*p, path + ".placement", error);
    r.fail_with(error);
  }
  if (!r.error().empty()) return fail(r.error());
  u.measured = true;
  return u;
}

}  // namespace versus::results
