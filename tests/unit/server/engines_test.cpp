// Which engines a release has (server/engines.h), against the manuals' facts.
#include "server/engines.h"

#include <catch2/catch.hpp>

#include "support/version_info.h"

namespace {
using versus::server::engine_absence;
using versus::server::Flavour;

constexpr auto release_info = versus::testing::version_info;
}  // namespace

TEST_CASE("every release has InnoDB, MyISAM and MEMORY", "[server][engines]") {
  for (auto r :
       {release_info(Flavour::mysql, 5, 1, 73), release_info(Flavour::mysql, 9, 7, 4),
        release_info(Flavour::percona, 5, 7, 44), release_info(Flavour::mariadb, 10, 5, 29),
        release_info(Flavour::mariadb, 11, 8, 9)})
    for (auto e : {"innodb", "myisam", "memory"}) CHECK(engine_absence(r, e).empty());
}

TEST_CASE("Aria is MariaDB's only", "[server][engines]") {
  CHECK(engine_absence(release_info(Flavour::mariadb, 10, 5, 29), "aria").empty());
  CHECK(engine_absence(release_info(Flavour::mariadb, 10, 11, 19), "aria").empty());
  CHECK(engine_absence(release_info(Flavour::mysql, 9, 7, 4), "aria") ==
        "MySQL 9.7.4 has no Aria engine (Aria is MariaDB's)");
  CHECK_FALSE(engine_absence(release_info(Flavour::percona, 8, 0, 36), "aria").empty());
}

TEST_CASE("RocksDB: MariaDB 10.2+ and Percona 5.7+, never MySQL", "[server][engines]") {
  CHECK(engine_absence(release_info(Flavour::mariadb, 10, 2, 44), "rocksdb").empty());
  CHECK(engine_absence(release_info(Flavour::mariadb, 10, 5, 29), "rocksdb").empty());
  CHECK(engine_absence(release_info(Flavour::percona, 5, 7, 44), "rocksdb").empty());
  CHECK_FALSE(engine_absence(release_info(Flavour::mariadb, 10, 1, 48), "rocksdb").empty());
  CHECK_FALSE(engine_absence(release_info(Flavour::percona, 5, 6, 51), "rocksdb").empty());
  CHECK_FALSE(engine_absence(release_info(Flavour::mysql, 8, 0, 36), "rocksdb").empty());
}
