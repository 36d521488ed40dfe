#include "server/alike.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>

#include "server/equalize.h"
#include "server/my_cnf.h"

namespace versus::server {

namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

bool alike_mysql_flavoured(const VersionInfo& r) {
  return r.flavour != Flavour::mariadb;
}

std::string alike_release_text(const VersionInfo& r) {
  return std::string(flavour_name(r.flavour)) + " " + std::to_string(r.version.major) + "." +
         std::to_string(r.version.minor) + "." + std::to_string(r.version.patch);
}

std::string alike_upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

std::optional<std::uint64_t> alike_bytes(const std::string& text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

struct Spelling;

// What a speller is given: the request, the difference at hand and its row.
struct AlikeCase {
  const AlikeRequest& request;
  const SettingSides& sides;
  const Spelling& row;
};

// One listed setting: its names (as results' settings_list() has them), the option that sets
// it, why a release can lack it (after "<release> has no <name>"), and its speller.
struct Spelling {
  std::vector<std::string> names;
  std::string option;
  std::string lacking;
  AlikeSetting (*spell)(const AlikeCase&);
  bool changes_data = false;
};

AlikeSetting alike_start(const AlikeCase& c) {
  AlikeSetting s;
  s.variable = c.sides.column_name.empty() ? c.sides.baseline_name : c.sides.column_name;
  s.column_value = c.sides.column_value;
  s.baseline_value = c.sides.baseline_value;
  s.changes_data = c.row.changes_data;
  return s;
}

AlikeSetting cannot_alike(const AlikeCase& c, std::string why) {
  AlikeSetting s = alike_start(c);
  s.cannot = std::move(why);
  return s;
}

// "<release> has no <variable><lacking>": the column's release lacks the variable.
AlikeSetting lacking_variable(const AlikeCase& c) {
  return cannot_alike(
      c, alike_release_text(c.request.column) + " has no " + c.row.names[0] + c.row.lacking);
}

AlikeSetting with_lines(const AlikeCase& c, std::vector<std::string> lines) {
  AlikeSetting s = alike_start(c);
  s.lines = std::move(lines);
  return s;
}

// `option=<the baseline's value>`; cannot where the column's release lacks the variable.
AlikeSetting spell_plain(const AlikeCase& c) {
  if (c.sides.column_name.empty()) return lacking_variable(c);
  return with_lines(c, {c.row.option + "=" + quote_option_value(c.sides.baseline_value)});
}

// "<release> has no <variable>=<value><why>": the release has the variable, not the value.
AlikeSetting lacking_value(const AlikeCase& c, const std::string& why) {
  return cannot_alike(c, alike_release_text(c.request.column) + " has no " + c.row.names[0] + "=" +
                             c.sides.baseline_value + why);
}

// The binary log is on while a log-bin line is there (MySQL and Percona from 8.0.3: unless
// disable-log-bin / skip-log-bin comes later). Off: the profile's log-bin lines go, and from
// MySQL 8.0.3 disable-log-bin says so. On: log-bin, and on MySQL 5.7, which refuses to start
// a binary log without one, a server-id.
AlikeSetting spell_log_bin(const AlikeCase& c) {
  const VersionInfo& r = c.request.column;
  AlikeSetting s = alike_start(c);
  if (alike_upper(c.sides.baseline_value) != "ON") {
    s.remove = {"log-bin"};
    if (alike_mysql_flavoured(r) && r.version >= Version{8, 0, 3}) s.lines = {"disable-log-bin"};
    return s;
  }
  s.remove = {"disable-log-bin", "skip-log-bin"};
  s.lines = {"log-bin"};
  if (alike_mysql_flavoured(r) && r.version >= Version{5, 7, 0} && r.version < Version{8, 0, 0})
    s.lines.push_back("server-id=1");
  return s;
}

// 0, 1 and 2 everywhere; 3 (1 with a flush at prepare as well) is MariaDB's.
AlikeSetting spell_flush_log(const AlikeCase& c) {
  if (alike_mysql_flavoured(c.request.column) && c.sides.baseline_value == "3")
    return lacking_value(c, " (3 is MariaDB's; MySQL takes 0, 1 and 2)");
  return spell_plain(c);
}

// MariaDB's fast came in 11.0.6 and the releases of the later series made the same day.
bool has_doublewrite_fast(const VersionInfo& r) {
  if (alike_mysql_flavoured(r)) return false;
  const Version v = r.version;
  if (v >= Version{11, 5, 0}) return true;
  if (v.major != 11) return false;
  return (v.minor == 0 && v.patch >= 6) || (v.minor == 1 && v.patch >= 5) ||
         (v.minor == 2 && v.patch >= 4) || (v.minor == 4 && v.patch >= 2);
}

// ON and OFF everywhere; MySQL and Percona from 8.0.30 also DETECT_AND_RECOVER (ON's other
// name) and DETECT_ONLY; MariaDB fast where has_doublewrite_fast.
AlikeSetting spell_doublewrite(const AlikeCase& c) {
  const VersionInfo& r = c.request.column;
  const std::string value = alike_upper(c.sides.baseline_value);
  const bool detect = alike_mysql_flavoured(r) && r.version >= Version{8, 0, 30};
  if (value == "DETECT_AND_RECOVER" && !detect) return with_lines(c, {"innodb_doublewrite=ON"});
  if (value == "DETECT_ONLY" && !detect)
    return lacking_value(c, " (DETECT_ONLY is MySQL's, from 8.0.30)");
  if (value == "FAST" && !has_doublewrite_fast(r))
    return lacking_value(c, " (fast is MariaDB's, from 11.0.6)");
  return spell_plain(c);
}

// The tables' charset and collation: table_charset_absence's facts.
AlikeSetting spell_charset(const AlikeCase& c) {
  const bool charset = c.row.names[0] == "character_set_server";
  const std::string absent =
      table_charset_absence(c.request.column, charset ? c.sides.baseline_value : "",
                            charset ? "" : c.sides.baseline_value);
  if (!absent.empty()) return cannot_alike(c, absent);
  return spell_plain(c);
}

// one-thread-per-connection and no-threads everywhere; pool-of-threads is MariaDB's and
// Percona Server's; loaded-dynamically is what MySQL Enterprise's thread pool plugin sets.
AlikeSetting spell_thread_handling(const AlikeCase& c) {
  const std::string& value = c.sides.baseline_value;
  if (value == "pool-of-threads" && c.request.column.flavour == Flavour::mysql)
    return lacking_value(c, " (MySQL Community has no thread pool: MariaDB and Percona Server do)");
  if (value == "loaded-dynamically")
    return lacking_value(
        c, " (it is set by MySQL Enterprise's thread pool plugin, which versus does not load)");
  return spell_plain(c);
}

// ON and OFF; other values (a newer MariaDB's) only where the column is MariaDB.
AlikeSetting spell_adaptive_hash(const AlikeCase& c) {
  const std::string value = alike_upper(c.sides.baseline_value);
  if (!c.sides.column_name.empty() && value != "ON" && value != "OFF" &&
      alike_mysql_flavoured(c.request.column))
    return lacking_value(c, " (MySQL takes ON and OFF)");
  return spell_plain(c);
}

// `why` after "<release> has no <variable>" where the column's release lacks the variable for
// a known reason (`known`), else the plain sentence.
AlikeSetting lacking_because(const AlikeCase& c, bool known, const std::string& why) {
  AlikeSetting s = lacking_variable(c);
  if (known) s.cannot += why;
  return s;
}

// MariaDB ignores the setting from 10.9.0 (no change buffering) and has no change buffer from
// 11.0.0: only none is alike there.
AlikeSetting spell_change_buffering(const AlikeCase& c) {
  const VersionInfo& r = c.request.column;
  const bool mariadb = !alike_mysql_flavoured(r);
  if (c.sides.column_name.empty())
    return lacking_because(c, mariadb && r.version >= Version{11, 0, 0},
                           " (MariaDB removed the change buffer in 11.0.0)");
  if (mariadb && r.version >= Version{10, 9, 0} && c.sides.baseline_value != "none")
    return cannot_alike(c, alike_release_text(r) +
                               " ignores innodb_change_buffering (from MariaDB 10.9.0): it "
                               "buffers no changes");
  return spell_plain(c);
}

// MySQL and Percona removed the query cache in 8.0.3; its absence behaves as OFF.
AlikeSetting spell_query_cache(const AlikeCase& c) {
  const VersionInfo& r = c.request.column;
  if (c.sides.column_name.empty())
    return lacking_because(c, alike_mysql_flavoured(r) && r.version >= Version{8, 0, 3},
                           " (MySQL removed the query cache in 8.0.3)");
  return spell_plain(c);
}

// The redo space, in bytes: MySQL and Percona from 8.0.30 size it as innodb_redo_log_capacity,
// MariaDB from 10.5 as one innodb_log_file_size, older releases as innodb_log_file_size x
// innodb_log_files_in_group (2 by default; the run does not record it). Changing it needs only
// a restart: each release resizes its redo log at start.
bool has_redo_capacity(const VersionInfo& r) {
  return alike_mysql_flavoured(r) && r.version >= Version{8, 0, 30};
}

bool one_redo_file(const VersionInfo& r) {
  return !alike_mysql_flavoured(r) && r.version >= Version{10, 5, 0};
}

// Whether the release resizes its redo log at startup when the configured size changed (MySQL
// 5.6.8 and later, MariaDB 10.0 and later, built on 5.6); an older one refuses to start on a
// datadir whose log files have another size, so its variant needs a datadir of its own.
bool resizes_redo_at_startup(const VersionInfo& r) {
  return alike_mysql_flavoured(r) ? r.version >= Version{5, 6, 8} : r.version >= Version{10, 0, 0};
}

struct RedoBytes {
  std::uint64_t total = 0;
  std::string approximate;
};

std::optional<RedoBytes> baseline_redo(const AlikeCase& c) {
  const auto bytes = alike_bytes(c.sides.baseline_value);
  if (!bytes) return std::nullopt;
  if (c.sides.baseline_name == "innodb_redo_log_capacity" || one_redo_file(c.request.baseline))
    return RedoBytes{*bytes, ""};
  return RedoBytes{2 * *bytes,
                   "the baseline's innodb_log_files_in_group is not recorded: taken as its "
                   "default, 2"};
}

AlikeSetting spell_redo(const AlikeCase& c) {
  const auto redo = baseline_redo(c);
  if (!redo) return cannot_alike(c, "'" + c.sides.baseline_value + "' is not a byte count");
  const VersionInfo& r = c.request.column;
  const std::string total = std::to_string(redo->total);
  AlikeSetting s = alike_start(c);
  s.approximate = redo->approximate;
  s.changes_data = !resizes_redo_at_startup(r);
  if (has_redo_capacity(r)) {
    s.lines = {"innodb_redo_log_capacity=" + total};
  } else if (one_redo_file(r)) {
    s.lines = {"innodb_log_file_size=" + total};
  } else {
    const std::uint64_t per_file = redo->total / 2 / kMiB * kMiB;
    s.lines = {"innodb_log_file_size=" + std::to_string(per_file), "innodb_log_files_in_group=2"};
    if (2 * per_file != redo->total) {
      const std::string rounding =
          "two files of whole MiB: " + std::to_string(2 * per_file) + " bytes for " + total;
      s.approximate += (s.approximate.empty() ? "" : "; ") + rounding;
    }
  }
  return s;
}

// clang-format off
const std::vector<Spelling>& spellings() {
  static const std::vector<Spelling> rows{
  // names, option, why a release can lack it, speller, changes the data
  {{"log_bin"}, "log-bin", "", spell_log_bin},
  {{"sync_binlog"}, "sync_binlog", "", spell_plain},
  {{"binlog_format"}, "binlog_format", "", spell_plain},
  {{"innodb_flush_log_at_trx_commit"}, "innodb_flush_log_at_trx_commit", "", spell_flush_log},
  {{"innodb_doublewrite"}, "innodb_doublewrite", "", spell_doublewrite},
  {{"performance_schema"}, "performance_schema", " (it came in MySQL 5.5.3 and MariaDB 5.5)",
   spell_plain},
  {{"character_set_server"}, "character-set-server", "", spell_charset, true},
  {{"collation_server"}, "collation-server", "", spell_charset, true},
  // The command-line option was transaction-isolation before the variable was renamed.
  {{"transaction_isolation", "tx_isolation"}, "transaction-isolation", "", spell_plain},
  {{"innodb_snapshot_isolation"}, "innodb_snapshot_isolation",
   " (MariaDB's, from 10.6.18, 10.11.8 and 11.4.2: without it a write to a row changed after "
   "the read view never fails)", spell_plain},
  {{"thread_handling"}, "thread_handling", "", spell_thread_handling},
  {{"innodb_buffer_pool_size"}, "innodb_buffer_pool_size", "", spell_plain},
  {{"innodb_redo_log_capacity", "innodb_log_file_size"}, "", "", spell_redo},
  {{"innodb_adaptive_hash_index"}, "innodb_adaptive_hash_index", "", spell_adaptive_hash},
  {{"innodb_change_buffering"}, "innodb_change_buffering", "", spell_change_buffering},
  {{"query_cache_type"}, "query_cache_type", "", spell_query_cache},
  {{"query_cache_size"}, "query_cache_size", "", spell_query_cache},
  };
  return rows;
}
// clang-format on

const Spelling* spelling_of(const SettingSides& sides) {
  for (const Spelling& row : spellings())
    for (const std::string& name : row.names)
      if (name == sides.column_name || name == sides.baseline_name) return &row;
  return nullptr;
}

}  // namespace

Expected<std::vector<AlikeSetting>> alike_settings(const AlikeRequest& request) {
  std::vector<AlikeSetting> out;
  for (const SettingSides& sides : request.differences) {
    const Spelling* row = spelling_of(sides);
    if (row == nullptr)
      return fail("alike: no spelling of '" +
                  (sides.column_name.empty() ? sides.baseline_name : sides.column_name) + "'");
    out.push_back(row->spell(AlikeCase{request, sides, *row}));
  }
  return out;
}

const std::vector<std::vector<std::string>>& alike_known_settings() {
  static const std::vector<std::vector<std::string>> names = [] {
    std::vector<std::vector<std::string>> out;
    for (const Spelling& row : spellings()) out.push_back(row.names);
    return out;
  }();
  return names;
}

}  // namespace versus::server
