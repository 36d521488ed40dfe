#include "server/equalize.h"

namespace versus::server {

const std::vector<std::string_view>& equalize_groups() {
  static const std::vector<std::string_view> groups{"binlog", "performance_schema", "charset",
                                                    "snapshot_isolation"};
  return groups;
}

namespace {

bool mysql_flavoured(const VersionInfo& r) {
  return r.flavour != Flavour::mariadb;
}

std::string equalize_release_text(const VersionInfo& r) {
  return std::string(flavour_name(r.flavour)) + " " + std::to_string(r.version.major) + "." +
         std::to_string(r.version.minor) + "." + std::to_string(r.version.patch);
}

bool ships_utf8mb4(const VersionInfo& r) {
  return mysql_flavoured(r) ? r.version >= Version{8, 0, 1} : r.version >= Version{11, 6, 0};
}

}  // namespace

Expected<std::vector<std::string>> equalize_lines(const VersionInfo& r, std::string_view group) {
  if (group == "binlog") {
    if (mysql_flavoured(r) && r.version >= Version{8, 0, 3})
      return std::vector<std::string>{"disable-log-bin"};
    return std::vector<std::string>{};
  }
  if (group == "performance_schema") {
    if (mysql_flavoured(r) && r.version >= Version{5, 6, 6})
      return std::vector<std::string>{"performance_schema=OFF"};
    return std::vector<std::string>{};
  }
  if (group == "charset") {
    if (ships_utf8mb4(r))
      return std::vector<std::string>{"character-set-server=latin1",
                                      "collation-server=latin1_swedish_ci"};
    return std::vector<std::string>{};
  }
  if (group == "snapshot_isolation") {
    if (!mysql_flavoured(r) && r.version >= Version{11, 6, 2})
      return std::vector<std::string>{"innodb_snapshot_isolation=OFF"};
    return std::vector<std::string>{};
  }
  return fail("equalize: unknown group '" + std::string(group) + "'");
}

std::string table_charset_absence(const VersionInfo& r, std::string_view charset,
                                  std::string_view collation) {
  const std::string release = equalize_release_text(r);
  if (!charset.empty() && !collation.empty() &&
      collation.substr(0, charset.size() + 1) != std::string(charset) + "_")
    return "collation " + std::string(collation) + " is not one of charset " +
           std::string(charset) + " (its name must start with " + std::string(charset) + "_)";
  const bool utf8mb4 = charset == "utf8mb4" || collation.starts_with("utf8mb4_");
  if (utf8mb4 && r.version < Version{5, 5, 3})
    return release + " has no utf8mb4 (it came in 5.5.3)";
  if (collation.find("_0900_") != std::string_view::npos &&
      (!mysql_flavoured(r) || r.version < Version{8, 0, 1}))
    return release + " has no " + std::string(collation) +
           " (the _0900_ collations are MySQL's, from 8.0.1)";
  if (collation.find("_uca1400_") != std::string_view::npos &&
      (mysql_flavoured(r) || r.version < Version{10, 10, 1}))
    return release + " has no " + std::string(collation) +
           " (the _uca1400_ collations are MariaDB's, from 10.10.1)";
  return "";
}

}  // namespace versus::server
