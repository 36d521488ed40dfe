#pragma once
// ReplayScript: what a replay sends, read from a query log in one pass (query_log.h) and
// kept in memory: the log's connections (after replay_sample), each its statements in
// captured order grouped in units (a transaction, BEGIN to COMMIT/ROLLBACK, or one statement
// outside one), each statement with its class (fingerprint.h) and the database the log says
// it ran in, and the statements a weighted replay draws from. Read-only unless writes are asked
// for: a write is an error naming file and line.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "load/family/replay/query_log.h"
#include "load/step/transaction_program.h"
#include "util/expected.h"

namespace versus::load::replay {

struct ScriptStatement {
  std::string text;
  StatementClass klass = 0;  // index into ReplayScript::classes
  std::string db;            // the default database the log says it ran in; "" when unknown
  std::string use;           // the database it selects (a USE); "" for other statements
  std::size_t line = 0;      // the log line it starts on; 0 when the log has none
};

// Statements [first, first + count) of its connection.
struct ScriptUnit {
  std::size_t first = 0, count = 0;
  bool transaction = false;  // BEGIN/START TRANSACTION ... COMMIT/ROLLBACK
};

struct ScriptConnection {
  std::uint64_t id = 0;  // the log's thread id; 0 in a file of statements
  std::vector<ScriptStatement> statements;
  std::vector<ScriptUnit> units;
};

// At most this many classes; the log's further fingerprints share kOtherClasses (a Step's
// class is one byte).
inline constexpr std::size_t kMaxReplayClasses = 250;
inline constexpr std::string_view kOtherClasses = "(other classes)";
// The classes of the statements a replay adds: a USE before a statement whose database the
// session is not in, a ROLLBACK before a transaction retried after a deadlock.
inline constexpr std::string_view kUseClass = "use ?";
inline constexpr std::string_view kRollbackClass = "rollback";

// A statement a weighted replay may draw (replay_order: weighted; draw_list.h).
struct ScriptDraw {
  std::size_t connection = 0;  // index into ReplayScript::connections
  std::size_t statement = 0;   // index into that connection's statements
  // The database it ran in: its own (the log's), else the last one its connection selected by
  // a USE; "" when neither is known (the session's first database, the instance's).
  std::string db{};
};

struct ReplayScript {
  std::vector<ScriptConnection> connections;  // in the order of their first kept statement
  std::vector<std::string> classes;           // class names (fingerprints), first seen first
  std::size_t statements = 0;                 // kept and replayed
  std::size_t not_replayed = 0;  // kept but not SQL to resend: PREPARE entries, admin commands
  // The statements a weighted replay draws from, each equally likely: the log's standalone
  // statements (draw_list.h), in the order of the connections, then of their statements.
  std::vector<ScriptDraw> draws{};
};

struct ScriptOptions {
  std::string file;          // names the log in errors
  bool writes = false;       // replay_writes
  std::uint64_t sample = 1;  // replay_sample: 1 in N units kept
  std::uint64_t seed = 0;    // which units a sample keeps
};

// The script of the log `reader` reads.
Expected<ReplayScript> read_script(QueryLogReader& reader, const ScriptOptions& options);
// The script of the log file `log`, its format told from its first lines.
Expected<ReplayScript> read_script_file(const std::filesystem::path& log,
                                        const ScriptOptions& options);

// A fingerprint as a class name: itself, or when longer than 120 bytes its first 100, "..."
// and the first 8 digits of its class id (class ids keep such names apart).
std::string class_name(const std::string& fingerprint);

// The connections (indexes into the script's) session `ordinal` of `sessions` replays, one
// after another: round-robin, connection j to session j mod sessions; a session beyond the
// connections replays connection ordinal mod connections. Empty when there are none.
std::vector<std::size_t> dealt_connections(std::size_t connections, int ordinal, int sessions);

}  // namespace versus::load::replay
