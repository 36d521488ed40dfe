#pragma once
// InstanceCache: prepared instances (an initialized datadir with its tables loaded and
// analyzed, the server stopped) kept across runs, keyed by everything that determines them,
// so a run whose instance was prepared before copies it instead of initializing and loading.
// Every cell still starts from its own copy of the instance's snapshot, as without a cache.
//
// Layout: <dir>/secret (the benchmark account's password of every cached instance, 0600),
// <dir>/<key>/{datadir/, data_size.json, complete}, <dir>/<key>.part-<pid>/ while one is
// filled. An entry is used only when `complete` exists and data_size.json reads; anything
// else under <dir> (a killed fill, a corrupt entry) is removed and rebuilt. Entries are
// evicted least recently used first (the mtime of `complete`, touched on every hit) until the
// cache holds at most its size bound.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "results/record/record.h"
#include "run/instance.h"
#include "util/expected.h"

namespace versus::run {

// The key of an instance: a hash over the release's content key, my.cnf as rendered for the
// instance with placeholder paths and port (so neither counts), the engine, every field of
// the load that shapes the tables, and the loader's version. 32 hex digits.
std::string instance_cache_key(const InstanceSpec& spec, const std::string& release_key);

// Where the cache lives and how large it may grow. VERSUS_CACHE_DIR, else
// $XDG_CACHE_HOME/versus/instances, else $HOME/.cache/versus/instances; VERSUS_CACHE_SIZE in
// bytes with an optional K, M, G or T suffix (powers of 1024), 20G by default; 0 turns the
// cache off on this machine (as instance_cache: false in every matrix).
struct CacheLocation {
  std::filesystem::path dir;
  std::uint64_t max_bytes = 0;
};
Expected<CacheLocation> cache_location_from_environment();

class InstanceCache {
 public:
  // Creates the directory (0700) and its secret when missing; removes partial entries.
  static Expected<InstanceCache> open(const CacheLocation& where);

  // The benchmark account's password every cached instance was made with: a run that uses
  // the cache uses it as its own (client.cnf), random per cache instead of per run.
  const std::string& password() const { return password_; }

  // The data size record and a copy of the entry's datadir at `to`, when the entry is whole;
  // nullopt on a miss (an incomplete or unreadable entry is removed: it is rebuilt).
  std::optional<results::DataSizeRecord> restore(const std::string& key,
                                                 const std::filesystem::path& to) const;

  // Keeps a copy of `datadir` and `size` under `key` (filled aside, then renamed: a reader
  // never sees half an entry), then evicts least recently used entries beyond the bound.
  Expected<void> store(const std::string& key, const std::filesystem::path& datadir,
                       const results::DataSizeRecord& size) const;

  const std::filesystem::path& dir() const { return where_.dir; }

 private:
  InstanceCache(CacheLocation where, std::string password)
      : where_(std::move(where)), password_(std::move(password)) {}
  void evict() const;

  CacheLocation where_;
  std::string password_;
};

// A run's use of the cache for one instance: the cache and the instance's key in it.
struct CacheUse {
  const InstanceCache& cache;
  std::string key;
};

// The instance copied from the cache when it holds it (DataSizeRecord::from_cache), else
// prepare_instance, then kept in the cache (a failure to keep it is logged, not fatal). Only
// for a host whose snapshots the cache can copy (HostCapabilities::instance_cache: here).
Expected<Instance> prepare_cached(const InstanceSpec& spec, const host::RunDirectory& run,
                                  const std::filesystem::path& fresh, const CacheUse& use,
                                  results::ProgressSink& progress);

// Bytes of every regular file under `dir`.
std::uint64_t tree_bytes(const std::filesystem::path& dir);

}  // namespace versus::run
