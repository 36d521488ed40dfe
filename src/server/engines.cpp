#include "server/engines.h"

#include <fmt/format.h>

namespace versus::server {

namespace {
std::string release_text(const VersionInfo& r) {
  return fmt::format("{} {}.{}.{}", flavour_name(r.flavour), r.version.major, r.version.minor,
                     r.version.patch);
}
}  // namespace

std::string engine_absence(const VersionInfo& release, std::string_view engine) {
  const bool mariadb = release.flavour == Flavour::mariadb;
  if (engine == "aria" && !mariadb)
    return release_text(release) + " has no Aria engine (Aria is MariaDB's)";
  if (engine == "rocksdb") {
    if (release.flavour == Flavour::mysql)
      return release_text(release) + " has no RocksDB engine (MyRocks is MariaDB's and Percona's)";
    const Version since = mariadb ? Version{10, 2, 0} : Version{5, 7, 0};
    if (release.version < since)
      return release_text(release) + " has no RocksDB engine (it came in " +
             (mariadb ? "MariaDB 10.2" : "Percona Server 5.7") + ")";
  }
  return "";
}

}  // namespace versus::server
