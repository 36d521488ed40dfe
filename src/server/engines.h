#pragma once
// Which storage engines a release has, from its flavour and version alone, so that a matrix
// asking a release for an engine it lacks fails at `plan`, before anything starts.
// Facts (the releases' manuals): InnoDB, MyISAM and MEMORY are in every MySQL-family release
// from 5.1 on; Aria is MariaDB's (from MariaDB 5.1; MySQL and Percona Server have none);
// RocksDB (MyRocks) is a plugin of MariaDB 10.2+ and Percona Server 5.7+, never of MySQL.
#include <string>
#include <string_view>

#include "server/release.h"

namespace versus::server {

// Empty when `release` has `engine`; otherwise why not ("MySQL 9.7.4 has no Aria engine
// (Aria is MariaDB's)"). Engines it does not know are left to the server to refuse.
std::string engine_absence(const VersionInfo& release, std::string_view engine);

}  // namespace versus::server
