#pragma once
// alike: the [mysqld] lines that give a column's release the baseline column's value of each
// listed setting it runs otherwise, or why that cannot be done. Pure facts of flavour and
// version, from the releases' manuals (docs/why.md, "What makes a setting alike, per flavour").
//
// Here in server/, beside equalize, because how a release spells a setting is a fact of the
// release. What differs is not decided here: results::setting_differences (the listed
// settings, what an absent variable behaves as, when a binary log setting matters) is the one
// judge of that, and server/ may not include results/, so the caller passes each difference
// of one settings group as the plain SettingSides below (a field for a field of
// results::SettingDifference, whose `group` selects the group).
#include <string>
#include <vector>

#include "server/release.h"
#include "util/expected.h"

namespace versus::server {

// One listed setting that differs, as SHOW GLOBAL VARIABLES gave it on each side. A side's
// name is "" when its release lacks the variable; its value is then what the absence behaves
// as (performance_schema absent is OFF). The names may differ where releases renamed a
// setting (tx_isolation / transaction_isolation, innodb_log_file_size /
// innodb_redo_log_capacity).
struct SettingSides {
  std::string baseline_name, baseline_value;
  std::string column_name, column_value;
};

struct AlikeRequest {
  VersionInfo column;                     // the release whose my.cnf the lines are for
  VersionInfo baseline;                   // the baseline column's release: how its values read
  std::vector<SettingSides> differences;  // one settings group's, in the list's order
};

// What makes one setting alike. Either `cannot` says why not (no lines then), or the caller
// takes out of the column's my.cnf every line setting an option in `remove` (names as
// normalize_option_name spells them: "log-bin") and puts `lines` after every other line, so
// they win over the profile's and the server's own.
struct AlikeSetting {
  std::string variable;  // the column's name of it, or the baseline's where the column lacks it
  std::string column_value, baseline_value;
  std::vector<std::string> lines;
  std::vector<std::string> remove;
  std::string cannot;       // "" when it can be made alike
  std::string approximate;  // "" when the lines give exactly the baseline's value; else how near
  // The setting decides how tables are created (their charset and collation), or a datadir
  // made with the column's value cannot start with the new one (the redo log's size before
  // MySQL 5.6.8 and MariaDB 10.0): the variant needs its own instance, loaded again.
  // Otherwise a copy of the column's prepared instance restarted with these lines is the
  // variant (servers[].data_from).
  bool changes_data = false;
};

// One AlikeSetting per difference, in the request's order. Fails for a variable versus has no
// spelling of (a listed setting this module does not know yet).
Expected<std::vector<AlikeSetting>> alike_settings(const AlikeRequest& request);

// The names alike_settings knows, each a listed setting's names (results' settings_list()
// lists the same; a test holds them together).
const std::vector<std::vector<std::string>>& alike_known_settings();

}  // namespace versus::server
