#include "run/instance_cache.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <thread>

#include "host/local_host.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace versus;
using namespace versus::run;
using versus::testing::TempDir;

namespace {
InstanceSpec base_spec() {
  InstanceSpec s;
  s.name = "a.base.innodb";
  s.title = "a / base / innodb";
  s.server_name = "a";
  s.profile_name = "base";
  s.release.basedir = "/opt/rel";
  s.release.server_binary = "/opt/rel/bin/mariadbd";
  s.release.mysqld_safe = "/opt/rel/bin/mysqld_safe";
  s.release.plugin_dir = "/opt/rel/lib/plugin";
  s.release.info = {server::Flavour::mariadb, {10, 11, 19}, ""};
  s.options = {{"innodb_buffer_pool_size", "64M"}};
  s.load.table_size = 2000;
  return s;
}

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

results::DataSizeRecord size_of(std::uint64_t bytes) {
  results::DataSizeRecord r;
  r.server = "maker";
  r.profile = "maker-profile";
  r.engine = "innodb";
  r.tables = 1;
  r.table_size = 2000;
  r.file_source = "files";
  r.data_file_bytes = bytes;
  r.statistics = "ANALYZE TABLE";
  return r;
}

// A workload file with one table filled from a data file whose content key is `data_key`.
std::shared_ptr<const sysbench::CustomWorkload> custom_workload(const std::string& text,
                                                              const std::string& data_key) {
  sysbench::CustomWorkload w;
  w.name = "shop";
  w.text = text;
  sysbench::CustomTable t;
  t.name = "regions";
  t.data = sysbench::TableData::csv;
  t.data_key = data_key;
  w.tables.push_back(t);
  return std::make_shared<const sysbench::CustomWorkload>(w);
}

InstanceCache open_in(const fs::path& dir, std::uint64_t max_bytes = 1ULL << 30) {
  auto cache = InstanceCache::open({dir, max_bytes});
  REQUIRE(cache);
  return std::move(*cache);
}
}  // namespace

TEST_CASE("instance_cache_key: each field that shapes the instance changes it",
          "[instance_cache]") {
  const InstanceSpec base = base_spec();
  const std::string key = instance_cache_key(base, "r1");
  CHECK(key.size() == 32);
  CHECK(instance_cache_key(base, "r1") == key);  // stable
  CHECK(instance_cache_key(base, "r2") != key);  // another release's content
  const std::vector<std::function<void(InstanceSpec&)>> changes{
      [](InstanceSpec& s) { s.load.engine = "myisam"; },
      [](InstanceSpec& s) { s.load.tables = 2; },
      [](InstanceSpec& s) { s.load.legacy_table = true; },
      [](InstanceSpec& s) { s.load.table_size = 2001; },
      [](InstanceSpec& s) { s.load.myisam_max_rows = 5; },
      [](InstanceSpec& s) { s.load.distribution.type = sysbench::RandType::uniform; },
      [](InstanceSpec& s) { s.load.distribution.pareto_h = 0.3; },
      [](InstanceSpec& s) { s.options[0].second = "128M"; },
      [](InstanceSpec& s) {
        s.server_options.push_back({"innodb_flush_log_at_trx_commit", "2"});
      },
      [](InstanceSpec& s) {
        s.fragments.push_back({"p.cnf", "[mysqld]\nskip-log-bin\n"});
      },
      [](InstanceSpec& s) { s.as_root = !s.as_root; },
      [](InstanceSpec& s) { s.load.charset = "latin1"; },

      [](InstanceSpec& s) { s.load.collation = "latin1_bin"; },
      // the statements explained after the load (an entry keeps their plans)
      [](InstanceSpec& s) { s.explain.push_back({"sysbench 1.0", "point select", "SELECT 1"}); },
  };
  for (std::size_t i = 0; i < changes.size(); ++i) {
    InstanceSpec s = base;
    changes[i](s);
    INFO("change " << i);
    CHECK(instance_cache_key(s, "r1") != key);
  }
}

TEST_CASE("instance_cache_key: a workload file's text and its tables' data files change it",
          "[instance_cache]") {
  InstanceSpec a = base_spec(), b = base_spec(), c = base_spec();
  a.load.custom = {custom_workload("tables: []", "k1")};
  b.load.custom = {custom_workload("tables: []", "k2")};  // the CSV's content changed
  c.load.custom = {custom_workload("tables: [] ", "k1")};
  CHECK(instance_cache_key(a, "r1") != instance_cache_key(base_spec(), "r1"));
  CHECK(instance_cache_key(a, "r1") != instance_cache_key(b, "r1"));
  CHECK(instance_cache_key(a, "r1") != instance_cache_key(c, "r1"));
  b.load.custom = {custom_workload("tables: []", "k1")};
  CHECK(instance_cache_key(a, "r1") == instance_cache_key(b, "r1"));
}

TEST_CASE("instance_cache_key: a profile's equalize groups change it", "[instance_cache]") {
  InstanceSpec shipped = base_spec();
  shipped.release.info.version = {11, 8, 9};  // renders innodb_snapshot_isolation=OFF for it
  InstanceSpec equalized = shipped;
  equalized.equalize = {"snapshot_isolation"};
  CHECK(instance_cache_key(equalized, "r1") != instance_cache_key(shipped, "r1"));
}

TEST_CASE("instance_cache_key: paths, ports, names and passwords do not change it",
          "[instance_cache]") {
  const InstanceSpec base = base_spec();
  const std::string key = instance_cache_key(base, "r1");
  InstanceSpec s = base;
  s.name = "b.other.innodb";
  s.title = "b / other / innodb";
  s.server_name = "b";
  s.profile_name = "other";
  s.password = "secret";
  s.use_socket = !s.use_socket;
  host::LocalHost elsewhere(std::nullopt, [] { return Expected<unsigned>(4242u); });
  s.host = &elsewhere;
  CHECK(instance_cache_key(s, "r1") == key);
  s.release.basedir = "/elsewhere/rel";  // the same content reached by another path
  s.release.server_binary = "/elsewhere/rel/bin/mariadbd";
  s.release.mysqld_safe = "/elsewhere/rel/bin/mysqld_safe";
  s.release.plugin_dir = "/elsewhere/rel/lib/plugin";
  CHECK(instance_cache_key(s, "r1") == key);
}

TEST_CASE("InstanceCache: a stored entry restores its datadir and sizes; a miss is none",
          "[instance_cache]") {
  TempDir tmp;
  const auto cache = open_in(tmp.path() / "cache");
  CHECK(cache.password().size() >= 16);
  CHECK(open_in(tmp.path() / "cache").password() == cache.password());  // kept in `secret`
  CHECK((fs::status(tmp.path() / "cache" / "secret").permissions() & fs::perms::group_all) ==
        fs::perms::none);
  const std::string key(32, 'a');
  CHECK_FALSE(cache.restore(key, tmp.path() / "out"));
  write(tmp.path() / "data" / "sbtest" / "sbtest1.ibd", "rows");
  REQUIRE(cache.store(key, tmp.path() / "data", size_of(4096)));
  auto size = cache.restore(key, tmp.path() / "out");
  REQUIRE(size);
  CHECK(size->data_file_bytes == 4096);
  CHECK(size->statistics == "ANALYZE TABLE");
  std::ifstream restored(tmp.path() / "out" / "sbtest" / "sbtest1.ibd");
  std::string text;
  std::getline(restored, text);
  CHECK(text == "rows");
}

TEST_CASE("InstanceCache: an incomplete or unreadable entry is never used and is removed",
          "[instance_cache]") {
  TempDir tmp;
  const auto cache = open_in(tmp.path() / "cache");
  const std::string partial(32, 'b'), corrupt(32, 'c');
  write(tmp.path() / "cache" / partial / "datadir" / "f", "x");  // no `complete`
  write(tmp.path() / "cache" / corrupt / "datadir" / "f", "x");
  write(tmp.path() / "cache" / corrupt / "complete", corrupt);
  write(tmp.path() / "cache" / corrupt / "data_size.json", "{not json");
  CHECK_FALSE(cache.restore(partial, tmp.path() / "out"));
  CHECK_FALSE(cache.restore(corrupt, tmp.path() / "out"));
  CHECK_FALSE(fs::exists(tmp.path() / "cache" / partial));
  CHECK_FALSE(fs::exists(tmp.path() / "cache" / corrupt));
  // A killed fill (its pid gone) is removed when the cache is opened; a live one is kept.
  const fs::path dead = tmp.path() / "cache" / (partial + ".part-999999999");
  const fs::path live = tmp.path() / "cache" / (partial + ".part-" + std::to_string(::getpid()));
  write(dead / "f", "x");
  write(live / "f", "x");
  open_in(tmp.path() / "cache");
  CHECK_FALSE(fs::exists(dead));
  CHECK(fs::exists(live));
}

TEST_CASE("InstanceCache: beyond its bound, the least recently used entries go first",
          "[instance_cache]") {
  TempDir tmp;
  // An entry is ~1,350 bytes (1,000 of data, its data_size.json, `complete`): two fit.
  const auto cache = open_in(tmp.path() / "cache", 3000);
  write(tmp.path() / "data" / "f", std::string(1000, 'x'));
  const std::string a(32, '1'), b(32, '2'), c(32, '3');
  REQUIRE(cache.store(a, tmp.path() / "data", size_of(1)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(cache.store(b, tmp.path() / "data", size_of(2)));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(cache.restore(a, tmp.path() / "out"));  // a is now the most recently used
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(cache.store(c, tmp.path() / "data", size_of(3)));
  CHECK(fs::exists(tmp.path() / "cache" / a));
  CHECK_FALSE(fs::exists(tmp.path() / "cache" / b));
  CHECK(fs::exists(tmp.path() / "cache" / c));
}

TEST_CASE("cache_location_from_environment: VERSUS_CACHE_DIR and VERSUS_CACHE_SIZE",
          "[instance_cache]") {
  ::setenv("VERSUS_CACHE_DIR", "/tmp/some-cache", 1);
  ::setenv("VERSUS_CACHE_SIZE", "3G", 1);
  auto where = cache_location_from_environment();
  REQUIRE(where);
  CHECK(where->dir == "/tmp/some-cache");
  CHECK(where->max_bytes == 3ULL << 30);
  ::setenv("VERSUS_CACHE_SIZE", "512", 1);
  CHECK(cache_location_from_environment()->max_bytes == 512);
  ::setenv("VERSUS_CACHE_SIZE", "3 GB", 1);
  auto bad = cache_location_from_environment();
  REQUIRE_FALSE(bad);
  CHECK_THAT(bad.error().message, Catch::Contains("VERSUS_CACHE_SIZE=3 GB"));
  ::unsetenv("VERSUS_CACHE_SIZE");
  CHECK(cache_location_from_environment()->max_bytes == 20ULL << 30);
  ::unsetenv("VERSUS_CACHE_DIR");
}
