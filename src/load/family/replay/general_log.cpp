#include "load/family/replay/general_log.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace versus::load::replay {
namespace {

// The command names the servers write (MariaDB's and MySQL's command_name tables).
constexpr std::array<std::string_view, 40> kGeneralCommands = {"Sleep",
                                                               "Quit",
                                                               "Init DB",
                                                               "Query",
                                                               "Field List",
                                                               "Create DB",
                                                               "Drop DB",
                                                               "Refresh",
                                                               "Shutdown",
                                                               "Statistics",
                                                               "Processlist",
                                                               "Connect",
                                                               "Kill",
                                                               "Debug",
                                                               "Ping",
                                                               "Time",
                                                               "Delayed insert",
                                                               "Change user",
                                                               "Binlog Dump",
                                                               "Table Dump",
                                                               "Connect Out",
                                                               "Register Slave",
                                                               "Prepare",
                                                               "Execute",
                                                               "Long Data",
                                                               "Close stmt",
                                                               "Reset stmt",
                                                               "Set option",
                                                               "Fetch",
                                                               "Daemon",
                                                               "Binlog Dump GTID",
                                                               "Reset Connection",
                                                               "Clone",
                                                               "Error",
                                                               "Bulk_execute",
                                                               "Slave_worker",
                                                               "Slave_IO",
                                                               "Slave_SQL",
                                                               "Com_multi",
                                                               "Unknown"};

bool general_known(std::string_view command) {
  for (std::string_view c : kGeneralCommands)
    if (c == command) return true;
  return false;
}

// `USE db` / `use `db``: the database, or "" when the statement is something else.
std::string general_use_target(std::string_view text) {
  if (!starts_with_nocase(text, "use") || text.size() < 5 || (text[3] != ' ' && text[3] != '\t'))
    return "";
  std::string_view name = text.substr(4);
  name.remove_prefix(std::min(name.find_first_not_of(" \t"), name.size()));
  while (!name.empty() && (name.back() == ';' || name.back() == ' ')) name.remove_suffix(1);
  if (name.size() >= 2 && name.front() == '`' && name.back() == '`')
    name = name.substr(1, name.size() - 2);
  return std::string(name);
}

// The database of a Connect entry's "user@host on DB using ..." ("" when none).
std::string general_connect_db(std::string_view argument) {
  const std::size_t on = argument.find(" on ");
  if (on == std::string_view::npos) return "";
  std::string_view rest = argument.substr(on + 4);
  rest = rest.substr(0, rest.find(' '));
  return rest == "using" ? "" : std::string(rest);
}

}  // namespace

std::optional<GeneralEntry> parse_general_entry(std::string_view line) {
  const std::size_t tab = line.find('\t');
  if (tab == std::string_view::npos) return std::nullopt;
  GeneralEntry e;
  e.time = line.substr(0, tab);
  if (!e.time.empty() && (e.time.front() < '0' || e.time.front() > '9')) return std::nullopt;
  std::size_t at = line.find_first_not_of(" \t", tab);
  if (at == std::string_view::npos) return std::nullopt;
  const auto [end, ec] = std::from_chars(line.data() + at, line.data() + line.size(), e.connection);
  if (ec != std::errc() || end == line.data() + at) return std::nullopt;
  at = static_cast<std::size_t>(end - line.data());
  if (at >= line.size() || line[at] != ' ') return std::nullopt;
  const std::size_t stop = line.find('\t', at + 1);
  e.command =
      line.substr(at + 1, stop == std::string_view::npos ? std::string_view::npos : stop - at - 1);
  if (!general_known(e.command)) return std::nullopt;
  if (stop != std::string_view::npos) e.argument = line.substr(stop + 1);
  return e;
}

// The entry's argument and the lines that continue it.
std::string GeneralLogReader::argument_from(std::string_view first) {
  std::string text(first);
  std::string line;
  for (const std::string* ahead = lines_.peek(); ahead; ahead = lines_.peek()) {
    if (is_log_banner(*ahead) || parse_general_entry(*ahead)) break;
    if (!lines_.next(line).value_or(false)) break;
    text.append("\n").append(line);
  }
  return text;
}

bool GeneralLogReader::take(const GeneralEntry& entry, std::string text, LoggedQuery& out) {
  const std::string_view c = entry.command;
  if (c == "Init DB") db_[entry.connection] = std::move(text);
  if (c == "Connect") db_[entry.connection] = general_connect_db(text);
  if (c == "Quit") db_.erase(entry.connection);
  if (c != "Query" && c != "Prepare" && c != "Execute") return false;
  out.command = c == "Query"     ? LoggedCommand::query
                : c == "Prepare" ? LoggedCommand::prepare
                                 : LoggedCommand::execute;
  out.connection = entry.connection;
  out.db = db_[entry.connection];
  out.time = last_time_;
  if (c == "Query")
    if (std::string target = general_use_target(text); !target.empty())
      db_[entry.connection] = std::move(target);
  out.text = std::move(text);
  return true;
}

Expected<std::optional<LoggedQuery>> GeneralLogReader::next() {
  std::string line;
  for (;;) {
    auto got = lines_.next(line);
    if (!got) return fail(got.error());
    if (!*got) return std::optional<LoggedQuery>();
    if (line.empty() || is_log_banner(line)) continue;
    const auto entry = parse_general_entry(line);
    if (!entry)
      return fail(lines_.where("not a general log entry (TIME, ID COMMAND, ARGUMENT): " +
                               line.substr(0, 80)));
    if (!entry->time.empty()) last_time_ = std::string(entry->time);
    LoggedQuery q;
    q.line = lines_.number();
    if (take(*entry, argument_from(entry->argument), q))
      return std::optional<LoggedQuery>(std::move(q));
  }
}

}  // namespace versus::load::replay
