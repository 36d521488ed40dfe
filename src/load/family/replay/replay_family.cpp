#include "load/family/replay/replay_family.h"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <tuple>

#include "load/family/replay/class_explain.h"
#include "load/family/replay/replay_program.h"
#include "load/family/replay/results_pass.h"
#include "util/sql_script.h"
#include "util/whole_file.h"

namespace versus::load {

namespace replay {

// Read once, when a plan is checked and a cell starts, never by a client thread's statement:
// the lock is off the hot path.
Expected<std::shared_ptr<const ReplayScript>> script_of(const sysbench::ReplayWorkload& w) {
  using Key = std::tuple<std::string, bool, std::int64_t>;
  static std::mutex mutex;
  static std::map<Key, std::shared_ptr<const ReplayScript>> scripts;
  const Key key{w.log.string(), w.writes, w.sample};
  std::lock_guard lock(mutex);
  if (auto it = scripts.find(key); it != scripts.end()) return it->second;
  ScriptOptions o{w.source.empty() ? w.log.string() : w.source, w.writes,
                  static_cast<std::uint64_t>(w.sample), 0};
  auto script = read_script_file(w.log, o);
  if (!script) return fail(script.error());
  auto shared = std::make_shared<const ReplayScript>(std::move(*script));
  scripts.emplace(key, shared);
  return shared;
}

Expected<void> load_dump(const LoadSpec& spec, const sysbench::ReplayWorkload& w) {
  if (w.data.empty()) return {};
  const std::string name = w.data_source.empty() ? w.data.string() : w.data_source;
  auto text = read_whole_file(w.data);
  if (!text) return fail(text.error());
  bool unterminated = false;
  const auto statements = split_sql_script(*text, &unterminated);
  if (unterminated) return fail(name + ": ends inside a quote or a /* comment");
  client::Endpoint ep = spec.endpoint;
  ep.database = database_of(spec.endpoint);
  // No connect timeout nor deadline: either would make the socket non-blocking.
  auto conn = client::Connection::open(
      ep, {.timeout = std::chrono::seconds(0), .deadline = std::chrono::seconds(0)});
  if (!conn) return fail(conn.error());
  if (auto ok = skip_binlog(*conn); !ok) return ok;
  for (const SqlStatement& s : statements)
    if (auto ok = conn->execute(s.text); !ok)
      return fail(fmt::format("{}:{}: {}", name, s.line, ok.error().message));
  return {};
}

}  // namespace replay

namespace {

// The replay a mix runs; null for a mix without one.
const sysbench::ReplayWorkload* replay_of(const WorkloadMix& mix) {
  return mix.custom ? mix.custom->replay.get() : nullptr;
}

// The script of the mix's replay; null when it has none or it cannot be read (check() says
// why before any server starts).
std::shared_ptr<const replay::ReplayScript> script_or_empty(const WorkloadMix& mix) {
  const auto* r = replay_of(mix);
  if (!r) return nullptr;
  auto script = replay::script_of(*r);
  return script ? *script : nullptr;
}

class ReplayFamily final : public WorkloadFamily {
 public:
  const sysbench::FamilyTraits& traits() const override { return sysbench::replay_traits(); }

  // Its data is the dump's: no table of its own shape.
  void choose_tables(const std::vector<sysbench::Workload>&, const TableShape&,
                     LoadSpec&) const override {}
  void add_table_names(const LoadSpec&, std::vector<std::string>&) const override {}
  Expected<void> load(const LoadSpec& spec) const override {
    for (const auto& r : spec.replays)
      if (auto ok = replay::load_dump(spec, *r); !ok)
        return fail(ok.error().context("replay_data of " + r->source));
    return {};
  }
  // What a dump made is not known table by table: it stays (lifecycle: cell throws the copy
  // away).
  Expected<void> drop(client::Connection&, const LoadSpec&) const override { return {}; }
  // Each dump by what it holds.
  std::string identity(const LoadSpec& spec) const override {
    std::string out;
    for (const auto& r : spec.replays)
      if (!r->data.empty()) out += "replay data " + r->data_key + "\n";
    return out;
  }
  bool owns_table(std::string_view) const override { return false; }

  // The log's classes, first seen first, after the USE and ROLLBACK a replay adds.
  std::vector<std::string_view> statement_classes(const WorkloadMix& mix, bool) const override {
    std::vector<std::string_view> names;
    if (auto script = script_or_empty(mix))
      for (const std::string& c : script->classes) names.emplace_back(c);
    return names;
  }
  std::vector<int> statements_per_transaction(const WorkloadMix&) const override { return {}; }
  std::vector<std::string_view> kind_names(const WorkloadMix&) const override { return {}; }
  // Each read class's first execution, as the log has it (class_explain.h). A log that cannot
  // be read explains nothing: check() refused it before any server started.
  void add_explain_templates(const LoadSpec& spec, const sysbench::StatementCounts&,
                             std::vector<ExplainTemplate>& out) const override {
    for (const auto& r : spec.replays)
      if (auto script = replay::script_of(*r))
        for (ExplainTemplate& t : replay::class_explain_templates(**script, r->name))
          out.push_back(std::move(t));
  }

  Expected<void> check(const WorkloadMix& mix) const override {
    const auto* r = replay_of(mix);
    if (!r) return fail("a replay without its log");
    auto script = replay::script_of(*r);
    if (!script) return fail(script.error());
    if (r->order == sysbench::ReplayOrder::weighted && (*script)->draws.empty())
      return fail((r->source.empty() ? r->log.string() : r->source) +
                  ": replay_order: weighted has no statement to draw: expected a statement "
                  "outside a transaction that neither sets nor reads a connection's state (not "
                  "BEGIN/START TRANSACTION, COMMIT, ROLLBACK, SAVEPOINT, SET, USE, a temporary "
                  "table, a user variable)");
    return {};
  }
  std::unique_ptr<TransactionProgram> program(const SessionConfig& c) const override {
    auto script = script_or_empty(c.mix);
    if (!script) script = std::make_shared<const replay::ReplayScript>();  // prepare() fails
    const auto* r = replay_of(c.mix);
    const auto order = r ? r->order : sysbench::ReplayOrder::captured;
    return std::make_unique<replay::ReplayProgram>(
        script, replay::ReplaySeat{c.ordinal, c.sessions, database_of(c.endpoint), order});
  }
  bool compares_results(const SessionConfig& c) const override {
    const auto* r = replay_of(c.mix);
    return r && r->compare;
  }
  Expected<measured::QueryResults> results_pass(client::Connection& conn, const SessionConfig& c,
                                                const std::atomic<bool>* cancel) const override {
    const auto* r = replay_of(c.mix);
    if (!r || !r->compare) return measured::QueryResults{};
    auto script = replay::script_of(*r);
    if (!script) return fail(script.error());
    return replay::run_results_pass(conn.handle(), **script,
                                    {database_of(c.endpoint), r->show_rows, cancel});
  }
  Expected<PrewarmResult> prewarm(client::Connection&, const SessionConfig&) const override {
    return PrewarmResult{};
  }
};

}  // namespace

const WorkloadFamily& replay_family() {
  static const ReplayFamily family;
  return family;
}

}  // namespace versus::load
