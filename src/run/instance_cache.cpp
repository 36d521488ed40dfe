#include "run/instance_cache.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "host/statement_plans.h"
#include "load/family/loader.h"
#include "load/family/registry.h"
#include "results/record/data_size_json.h"
#include "server/account.h"
#include "server/datadir.h"
#include "util/log.h"
#include "util/whole_file.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
constexpr const char* kComplete = "complete";
constexpr const char* kSizeFile = "data_size.json";
constexpr const char* kDatadir = "datadir";

// The zipfian exponent, only where it shapes k: other distributions' keys stay as they were.
std::string zipfian_text(const sysbench::RandSpec& d) {
  if (d.type != sysbench::RandType::zipfian) return "";
  return " " + std::to_string(d.zipfian_exp);
}

// Each family's own lines: TPC-C's scale and population version, the workload files' texts.
std::string family_text(const load::LoadSpec& l) {
  std::string out;
  for (const load::WorkloadFamily* f : load::families()) out += f->identity(l);
  return out;
}

// Everything of the load that shapes the tables, one field a line.
std::string load_text(const load::LoadSpec& l) {
  const auto& d = l.distribution;
  return "engine " + l.engine + "\ntables " + std::to_string(l.tables) + "\nlegacy " +
         std::to_string(l.legacy_table) + "\nrows " + std::to_string(l.table_size) + "\nmyisam_max_rows " +
         std::to_string(l.myisam_max_rows) + "\nparallel " + std::to_string(l.parallel) +
         "\nrows_per_insert " + std::to_string(l.rows_per_insert) + "\ncharset " + l.charset + " " +
         l.collation + "\nrand " + std::to_string(static_cast<int>(d.type)) + " " +
         std::to_string(d.spec_pct) + " " + std::to_string(d.spec_res) + " " +
         std::to_string(d.pareto_h) + zipfian_text(d) + "\nloader " +
         std::to_string(load::kLoaderVersion) + "\n" + family_text(l);
}

std::string hex_hash(const std::string& text) {
  const std::size_t a = std::hash<std::string>{}(text);
  const std::size_t b = std::hash<std::string>{}(text + "\x01" + std::to_string(a));
  char out[33];
  std::snprintf(out, sizeof out, "%016zx%016zx", a, b);
  return out;
}

// "20G" -> 20 * 2^30; nullopt when malformed.
std::optional<std::uint64_t> parse_bytes(const std::string& text) {
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  if (end == text.c_str()) return std::nullopt;
  const std::string unit(end);
  static const std::string units = "KMGT";
  if (unit.empty()) return n;
  const auto at = units.find(unit);
  if (unit.size() != 1 || at == std::string::npos) return std::nullopt;
  return n << (10 * (at + 1));
}

fs::path default_cache_dir() {
  if (const char* dir = std::getenv("VERSUS_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return fs::path(xdg) / "versus" / "instances";
  const char* home = std::getenv("HOME");
  return fs::path(home && *home ? home : "/tmp") / ".cache" / "versus" / "instances";
}

Expected<std::string> read_or_make_secret(const fs::path& file) {
  if (auto text = read_whole_file(file); text && !text->empty()) {
    std::string password = text->substr(0, text->find('\n'));
    if (!password.empty()) return password;
  }
  const std::string password = server::random_password();
  const mode_t old = ::umask(077);  // 0600 from the start: never readable by others
  auto written = write_file_atomically(file, password + "\n");
  ::umask(old);
  if (!written) return fail(written.error());
  return password;
}

// The data size record an entry keeps; an error when it is missing or unreadable.
Expected<results::DataSizeRecord> entry_size(const fs::path& entry) {
  auto text = read_whole_file(entry / kSizeFile);
  if (!text) return fail(text.error());
  const auto json = nlohmann::ordered_json::parse(*text, nullptr, false);
  if (json.is_discarded()) return fail(entry.string() + ": not JSON");
  auto sizes = results::data_sizes_from_json(json);
  if (!sizes || sizes->size() != 1) return fail(entry.string() + ": no data size record");
  return sizes->front();
}

void replace_all(std::string& text, const std::string& what, const std::string& with) {
  if (what.empty()) return;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
}

bool is_entry_name(const std::string& name) {
  return name.size() == 32 && name.find_first_not_of("0123456789abcdef") == std::string::npos;
}
}  // namespace

std::string instance_cache_key(const InstanceSpec& spec, const std::string& release_key) {
  const auto paths = server::InstancePaths::under("/versus-instance-cache", 0);
  server::MyCnfInput in = my_cnf_input(spec, paths);
  in.title = "instance";  // a comment in my.cnf: names do not shape the instance
  auto cnf = server::render_my_cnf(in);
  // The release's own paths stand for its content, which release_key names: a tree reached by
  // another path (a symlink, a copy) is the same release.
  if (cnf) replace_all(*cnf, spec.release.basedir.string(), "<basedir>");
  // The statements explained after the load: an entry carries their plans.
  std::string explained = "plans " + std::to_string(host::kPlansVersion) + "\n";
  for (const load::ExplainTemplate& t : spec.explain)
    explained += (t.database.empty() ? "" : "in " + t.database + ": ") + t.sql + "\n";
  return hex_hash("versus instance cache 3\nrelease " + release_key + "\n" + load_text(spec.load) +
                  "my.cnf\n" + (cnf ? *cnf : "unrenderable: " + cnf.error().message) + "explain\n" +
                  explained);
}

Expected<CacheLocation> cache_location_from_environment() {
  CacheLocation where{default_cache_dir(), 20ULL << 30};
  if (const char* size = std::getenv("VERSUS_CACHE_SIZE"); size && *size) {
    auto bytes = parse_bytes(size);
    if (!bytes)
      return fail(std::string("VERSUS_CACHE_SIZE=") + size +
                  ": expected bytes with an optional K, M, G or T suffix, as 20G");
    where.max_bytes = *bytes;
  }
  return where;
}

Expected<InstanceCache> InstanceCache::open(const CacheLocation& where) {
  std::error_code ec;
  fs::create_directories(where.dir, ec);
  if (ec) return fail("the instance cache " + where.dir.string() + ": " + ec.message());
  fs::permissions(where.dir, fs::perms::owner_all, fs::perm_options::replace, ec);
  auto password = read_or_make_secret(where.dir / "secret");
  if (!password) return fail(password.error().context("the instance cache"));
  for (fs::directory_iterator it(where.dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const auto part = name.find(".part-");
    if (part == std::string::npos) continue;
    const pid_t owner = static_cast<pid_t>(std::atol(name.c_str() + part + 6));
    if (owner <= 0 || ::kill(owner, 0) != 0) fs::remove_all(it->path(), ec);  // a killed fill
  }
  return InstanceCache(where, *password);
}

std::uint64_t tree_bytes(const fs::path& dir) {
  std::uint64_t total = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec)) total += it->file_size(ec);
  return total;
}

std::optional<results::DataSizeRecord> InstanceCache::restore(const std::string& key,
                                                              const fs::path& to) const {
  const fs::path entry = where_.dir / key;
  std::error_code ec;
  if (!fs::exists(entry, ec)) return std::nullopt;
  auto size = entry_size(entry);
  if (!fs::exists(entry / kComplete, ec) || !size) {
    log::warn("instance cache: entry {} is incomplete or unreadable; rebuilding it", key);
    fs::remove_all(entry, ec);
    return std::nullopt;
  }
  if (auto copied = server::copy_datadir(entry / kDatadir, to); !copied) {
    log::warn("instance cache: cannot copy entry {}: {}", key, copied.error().message);
    return std::nullopt;
  }
  fs::last_write_time(entry / kComplete, fs::file_time_type::clock::now(), ec);  // used now
  return *size;
}

Expected<void> InstanceCache::store(const std::string& key, const fs::path& datadir,
                                    const results::DataSizeRecord& size) const {
  const fs::path entry = where_.dir / key;
  const fs::path part = where_.dir / (key + ".part-" + std::to_string(::getpid()));
  std::error_code ec;
  fs::remove_all(part, ec);
  fs::create_directories(part, ec);
  auto ok = server::copy_datadir(datadir, part / kDatadir);
  const nlohmann::ordered_json sizes{{"data_sizes", {results::data_size_to_json(size)}}};
  if (ok) ok = write_file_atomically(part / kSizeFile, sizes.dump(2) + "\n");
  if (ok) ok = write_file_atomically(part / kComplete, key + "\n");
  if (ok) fs::rename(part, entry, ec);  // fails when another run filled it first: keep that
  fs::remove_all(part, ec);
  if (!ok) return fail(ok.error().context("keeping the instance in the cache"));
  evict();
  return {};
}

// Whole entries, least recently used first, until the cache fits its bound.
void InstanceCache::evict() const {
  struct Entry {
    fs::path dir;
    fs::file_time_type used;
    std::uint64_t bytes;
  };
  std::vector<Entry> entries;
  std::uint64_t total = 0;
  std::error_code ec;
  for (fs::directory_iterator it(where_.dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!is_entry_name(it->path().filename().string())) continue;
    std::error_code time_ec;
    const auto used = fs::last_write_time(it->path() / kComplete, time_ec);
    entries.push_back(
        {it->path(), time_ec ? fs::file_time_type::min() : used, tree_bytes(it->path())});
    total += entries.back().bytes;
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.used < b.used; });
  for (const auto& e : entries) {
    if (total <= where_.max_bytes) break;
    log::info("instance cache: evicting {} ({} bytes)", e.dir.filename().string(), e.bytes);
    fs::remove_all(e.dir, ec);
    total -= e.bytes;
  }
}

namespace {
// The instance from a cache entry: its snapshot copied into the run, the entry's sizes
// under this run's coordinates.
std::optional<Instance> restored_instance(const InstanceSpec& spec, const host::RunDirectory& run,
                                          const CacheUse& use) {
  const fs::path dir = run.instance_dir(spec.name);
  std::error_code ec;
  fs::create_directories(dir, ec);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
  Instance inst{spec, dir, dir / "snapshot", {}};
  auto size = use.cache.restore(use.key, inst.snapshot);
  if (!size) return std::nullopt;
  const auto here = size_coordinates(spec);  // the run that made the entry named its own
  inst.data_size = *size;
  inst.data_size.server = here.server;
  inst.data_size.profile = here.profile;
  inst.data_size.engine = here.engine;
  inst.data_size.tables = here.tables;
  inst.data_size.table_size = here.table_size;
  inst.data_size.from_cache = true;
  return inst;
}
}  // namespace

Expected<Instance> prepare_cached(const InstanceSpec& spec, const host::RunDirectory& run,
                                  const fs::path& fresh, const CacheUse& use,
                                  results::ProgressSink& progress) {
  const auto started = std::chrono::steady_clock::now();
  if (auto inst = restored_instance(spec, run, use)) {
    progress.note(spec.title + ": from the instance cache");
    log::info("instance {}: copied from the instance cache ({}) in {} ms", spec.title, use.key,
              std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - started)
                  .count());
    return std::move(*inst);
  }
  auto inst = prepare_instance(spec, run, fresh, progress);
  if (inst)
    if (auto kept = use.cache.store(use.key, inst->snapshot, inst->data_size); !kept)
      log::warn("instance {}: {}", spec.title, kept.error().message);
  return inst;
}

}  // namespace versus::run
