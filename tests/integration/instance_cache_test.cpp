// The instance cache across runs on a real release: a warm run prepares no instance and its
// cells start from the same data as a cold run's; a changed my.cnf misses; --no-cache neither
// reads nor fills it.
#include <catch2/catch.hpp>

#include "results/record/store.h"
#include "support.h"
#include "util/content_key.h"
#include "util/whole_file.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
struct CachedRun {
  CommandResult result;
  results::RunResults results;
  std::string log;
};

// `versus run` with the cache in `cache` (1G), its snapshots kept.
CachedRun run_cached(const fs::path& cache, const fs::path& matrix, const fs::path& run,
                     std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"VERSUS_CACHE_DIR=" + cache.string(), "VERSUS_CACHE_SIZE=1G",
                                VERSUS_BINARY, "run", matrix.string(), "--output", run.string(),
                                "--keep-snapshots"};
  args.insert(args.end(), extra.begin(), extra.end());
  CachedRun out{run_command("/usr/bin/env", args), {}, {}};
  INFO(out.result.output);
  REQUIRE(out.result.exit_code == 0);
  auto r = results::load_results(run / "results.json");
  REQUIRE(r);
  REQUIRE(r->data_sizes.size() == 1);
  out.results = *r;
  out.log = read_whole_file(run / "run.log").value_or("");
  return out;
}

std::string snapshot_key(const fs::path& run) {
  auto key = content_key(run / "instances" / "solo.base.innodb" / "snapshot");
  REQUIRE(key);
  return *key;
}
}  // namespace

TEST_CASE("a warm run copies its instance from the cache, and a changed my.cnf misses",
          "[integration]") {
  TempDir tmp;
  const fs::path cache = tmp.path() / "cache";
  const auto matrix = tmp.write("m.yaml", one_release_matrix("[1]", "1s"));
  const auto cold = run_cached(cache, matrix, tmp.path() / "cold");
  CHECK_FALSE(cold.results.data_sizes[0].from_cache);
  CHECK(cold.log.find("mariadb-install-db exited") != std::string::npos);

  const auto warm = run_cached(cache, matrix, tmp.path() / "warm");
  const auto& size = warm.results.data_sizes[0];
  CHECK(size.from_cache);
  CHECK(warm.log.find("mariadb-install-db") == std::string::npos);  // nothing prepared
  CHECK(warm.log.find("copied from the instance cache") != std::string::npos);
  CHECK(recorded_servers(tmp.path() / "warm").size() == 1);  // the cell's server only
  CHECK(warm.results.cells.at(0).status == results::CellStatus::ok);
  CHECK(size.server == "solo");
  CHECK(size.data_length == cold.results.data_sizes[0].data_length);
  CHECK(size.data_file_bytes == cold.results.data_sizes[0].data_file_bytes);
  CHECK(snapshot_key(tmp.path() / "warm") == snapshot_key(tmp.path() / "cold"));

  std::string other = one_release_matrix("[1]", "1s");
  other.replace(other.find("64M"), 3, "32M");
  const auto changed = run_cached(cache, tmp.write("o.yaml", other), tmp.path() / "changed");
  CHECK_FALSE(changed.results.data_sizes[0].from_cache);
  const auto uncached = run_cached(cache, matrix, tmp.path() / "uncached", {"--no-cache"});
  CHECK_FALSE(uncached.results.data_sizes[0].from_cache);
  CHECK(uncached.log.find("mariadb-install-db exited") != std::string::npos);
  for (const char* run : {"cold", "warm", "changed", "uncached"})
    CHECK(live_recorded_servers(tmp.path() / run).empty());
}

}  // namespace versus::testing
