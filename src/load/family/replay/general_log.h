#pragma once
// GeneralLogReader: the statements of a MariaDB or MySQL general query log. Each entry is one
// line "TIME<tab>ID COMMAND<tab>ARGUMENT", TIME being MariaDB's "YYMMDD HH:MM:SS" (written
// only when the second changed: an entry without one has the last one's) or MySQL's ISO 8601
// time; a statement's further lines follow its entry as they are. Query, Prepare and Execute
// entries are statements (Execute's text has the values in place); Init DB, Connect ("... on
// DB") and a Query `USE db` set the connection's default database, Quit forgets it; the other
// commands are skipped. The server's banner may come again anywhere (a restart, a flush).
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "load/family/replay/log_lines.h"
#include "load/family/replay/query_log.h"

namespace versus::load::replay {

// One entry line's parts (views into the line).
struct GeneralEntry {
  std::string_view time;  // "" when the line has none
  std::uint64_t connection = 0;
  std::string_view command;   // "Query", "Init DB", ...: one of the server's command names
  std::string_view argument;  // the rest of the line after the tab
};
// The entry a line starts, or nullopt for a line that continues a statement.
std::optional<GeneralEntry> parse_general_entry(std::string_view line);

class GeneralLogReader : public QueryLogReader {
 public:
  GeneralLogReader(std::istream& in, std::string file) : lines_(in, std::move(file)) {}
  Expected<std::optional<LoggedQuery>> next() override;

 private:
  std::string argument_from(std::string_view first);
  // Whether an entry was a statement (then in `out`); others change the connection's state.
  bool take(const GeneralEntry& entry, std::string text, LoggedQuery& out);

  LogLines lines_;
  std::string last_time_;
  std::unordered_map<std::uint64_t, std::string> db_;  // by connection
};

}  // namespace versus::load::replay
