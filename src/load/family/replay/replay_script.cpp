#include "load/family/replay/replay_script.h"

#include <fstream>
#include <map>
#include <unordered_map>

#include "load/family/replay/draw_list.h"
#include "load/family/replay/fingerprint.h"
#include "load/family/replay/replay_sample.h"
#include "load/family/replay/statement_rules.h"

namespace versus::load::replay {
namespace {

// The script being built: its classes by fingerprint, its connections by thread id.
class ScriptBuilder {
 public:
  explicit ScriptBuilder(const ScriptOptions& o) : options_(o) {
    class_of(std::string(kUseClass));
    class_of(std::string(kRollbackClass));
  }
  Expected<void> add(LoggedQuery q);
  ReplayScript finish();

 private:
  StatementClass class_of(const std::string& fingerprint);
  ScriptConnection& connection(std::uint64_t id);

  const ScriptOptions& options_;
  ReplayScript script_;
  std::unordered_map<std::string, StatementClass> classes_;
  std::unordered_map<std::uint64_t, std::size_t> connections_;
  std::map<std::size_t, bool> open_;  // connections inside a transaction
};

StatementClass ScriptBuilder::class_of(const std::string& fingerprint) {
  if (auto it = classes_.find(fingerprint); it != classes_.end()) return it->second;
  std::string name = class_name(fingerprint);
  if (script_.classes.size() >= kMaxReplayClasses) {
    name = std::string(kOtherClasses);
    if (auto it = classes_.find(name); it != classes_.end()) return it->second;
  }
  const auto k = static_cast<StatementClass>(script_.classes.size());
  script_.classes.push_back(name);
  classes_.emplace(name == kOtherClasses ? name : fingerprint, k);
  return k;
}

ScriptConnection& ScriptBuilder::connection(std::uint64_t id) {
  auto [it, added] = connections_.emplace(id, script_.connections.size());
  if (added) script_.connections.push_back({id, {}, {}});
  return script_.connections[it->second];
}

Expected<void> ScriptBuilder::add(LoggedQuery q) {
  if (q.command == LoggedCommand::prepare || q.command == LoggedCommand::admin) {
    ++script_.not_replayed;
    return {};
  }
  if (!options_.writes && !reads_only(q.text))
    return fail(options_.file + ":" + std::to_string(q.line) + ": " + first_word(q.text) +
                " writes, and the replay is read-only: expected " + std::string(kReadOnlyWords) +
                " (replay_writes: true replays writes)");
  ScriptConnection& c = connection(q.connection);
  const std::size_t index = static_cast<std::size_t>(&c - script_.connections.data());
  bool& in_transaction = open_[index];
  if (!in_transaction) c.units.push_back({c.statements.size(), 0, starts_transaction(q.text)});
  in_transaction = c.units.back().transaction && !ends_transaction(q.text);
  ++c.units.back().count;
  const StatementClass k = class_of(fingerprint(q.text));
  std::string use = use_database(q.text);
  const auto line = static_cast<std::size_t>(q.line > 0 ? q.line : 0);
  c.statements.push_back({std::move(q.text), k, std::move(q.db), std::move(use), line});
  ++script_.statements;
  return {};
}

ReplayScript ScriptBuilder::finish() {
  return std::move(script_);
}

}  // namespace

std::string class_name(const std::string& fingerprint) {
  if (fingerprint.size() <= 120) return fingerprint;
  return fingerprint.substr(0, 100) + "... #" + class_id(fingerprint).substr(0, 8);
}

Expected<ReplayScript> read_script(QueryLogReader& reader, const ScriptOptions& options) {
  ScriptBuilder builder(options);
  ReplaySample sample(options.sample, options.seed);
  for (;;) {
    auto q = reader.next();
    if (!q) return fail(q.error());
    if (!*q) break;
    if (!sample.keep(**q)) continue;
    if (auto ok = builder.add(std::move(**q)); !ok) return fail(ok.error());
  }
  ReplayScript script = builder.finish();
  script.draws = draw_list(script);
  if (script.statements == 0)
    return fail(options.file + ": no statement to replay" +
                (options.sample > 1 ? " (replay_sample kept none)" : ""));
  return script;
}

Expected<ReplayScript> read_script_file(const std::filesystem::path& log,
                                        const ScriptOptions& options) {
  std::ifstream in(log, std::ios::binary);
  if (!in) return fail(options.file + ": cannot open " + log.string());
  std::string head(8192, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  in.clear();
  in.seekg(0);
  auto reader = open_query_log(in, options.file, detect_format(head));
  return read_script(*reader, options);
}

std::vector<std::size_t> dealt_connections(std::size_t connections, int ordinal, int sessions) {
  std::vector<std::size_t> out;
  if (connections == 0 || sessions <= 0 || ordinal < 0) return out;
  const auto n = static_cast<std::size_t>(sessions), i = static_cast<std::size_t>(ordinal);
  if (i >= connections) return {i % connections};
  for (std::size_t j = i; j < connections; j += n) out.push_back(j);
  return out;
}

}  // namespace versus::load::replay
