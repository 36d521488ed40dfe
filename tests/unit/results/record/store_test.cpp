#include "results/record/store.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "support/golden.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using namespace versus::results;
using versus::testing::read_text;
using versus::testing::TempDir;

RunInfo sample_info() {
  return {"run-1", "matrix.yaml", "2024-05-01T10:00:00Z", "0.1.0", {"a", "b"}, {"default"}, {}};
}

CellRecord cell(const std::string& server, int threads, double tps) {
  CellRecord c;
  c.server = server;
  c.profile = "default";
  c.engine = "innodb";
  c.workload = "oltp_read_only";
  c.threads = threads;
  c.tps = tps;
  c.qps = tps * 20;
  return c;
}

void write_text(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

ResultStore created(const fs::path& dir) {
  auto store = ResultStore::create(dir, sample_info());
  REQUIRE(store.has_value());
  return std::move(*store);
}

}  // namespace

TEST_CASE("create writes a results.json without cells", "[results]") {
  TempDir tmp;
  const fs::path dir = tmp.path() / "run";
  ResultStore store = created(dir);
  CHECK(store.file() == dir / "results.json");
  auto loaded = load_results(dir / "results.json");
  REQUIRE(loaded.has_value());
  CHECK(loaded->info.run_id == "run-1");
  CHECK(loaded->cells.empty());
  const std::string text = read_text(dir / "results.json");
  CHECK_THAT(text, Catch::StartsWith("{\n  \"format\": \"versus-results/3\",\n  \"run\": {"));
  CHECK_THAT(text, Catch::EndsWith("}\n"));
}

TEST_CASE("create refuses to overwrite an existing run", "[results]") {
  TempDir tmp;
  ResultStore store = created(tmp.path());
  REQUIRE(store.append(cell("a", 1, 100)).has_value());
  auto again = ResultStore::create(tmp.path(), sample_info());
  REQUIRE_FALSE(again.has_value());
  CHECK_THAT(again.error().message, Catch::Contains("already exists"));
  CHECK(load_results(tmp.path() / "results.json")->cells.size() == 1);
}

TEST_CASE("append rewrites results.json atomically and leaves no temp file", "[results]") {
  TempDir tmp;
  ResultStore store = created(tmp.path());
  REQUIRE(store.append(cell("a", 1, 100)).has_value());
  REQUIRE(store.append(cell("b", 1, 110)).has_value());
  CHECK(store.results().cells.size() == 2);
  CHECK_FALSE(fs::exists(tmp.path() / "results.json.tmp"));
  auto loaded = load_results(tmp.path() / "results.json");
  REQUIRE(loaded.has_value());
  REQUIRE(loaded->cells.size() == 2);
  CHECK(loaded->cells[1].server == "b");
  CHECK(loaded->cells[1].tps == 110);
}

TEST_CASE("open resumes a run and append keeps the earlier cells", "[results]") {
  TempDir tmp;
  {
    ResultStore store = created(tmp.path());
    REQUIRE(store.append(cell("a", 1, 100)).has_value());
  }
  auto reopened = ResultStore::open(tmp.path());
  REQUIRE(reopened.has_value());
  CHECK(reopened->results().info.servers == std::vector<std::string>{"a", "b"});
  REQUIRE(reopened->append(cell("a", 4, 380)).has_value());
  auto loaded = load_results(tmp.path() / "results.json");
  REQUIRE(loaded->cells.size() == 2);
  CHECK(loaded->cells[0].threads == 1);
  CHECK(loaded->cells[1].threads == 4);
}

TEST_CASE("open of a damaged results.json reports it and leaves it alone", "[results]") {
  TempDir tmp;
  {
    ResultStore store = created(tmp.path());
    REQUIRE(store.append(cell("a", 1, 100)).has_value());
  }
  const fs::path file = tmp.path() / "results.json";
  const std::string whole = read_text(file);
  const std::string damaged = GENERATE_COPY(whole.substr(0, whole.size() / 2), std::string(),
                                            std::string("{\"format\": \"versus-results/1\"}"));
  write_text(file, damaged);
  auto opened = ResultStore::open(tmp.path());
  REQUIRE_FALSE(opened.has_value());
  CHECK_THAT(opened.error().message, Catch::StartsWith(file.string() + ": "));
  CHECK(read_text(file) == damaged);
}

TEST_CASE("open of a directory without results.json fails clearly", "[results]") {
  TempDir tmp;
  auto opened = ResultStore::open(tmp.path());
  REQUIRE_FALSE(opened.has_value());
  CHECK_THAT(opened.error().message,
             Catch::Contains("results.json: cannot open: No such file or directory"));
}

TEST_CASE("a stale temp file from a crash does not matter", "[results]") {
  TempDir tmp;
  { ResultStore store = created(tmp.path()); }
  write_text(tmp.path() / "results.json.tmp", "{\"half\": ");  // crash before the rename
  auto store = ResultStore::open(tmp.path());
  REQUIRE(store.has_value());
  REQUIRE(store->append(cell("a", 1, 100)).has_value());
  CHECK_FALSE(fs::exists(tmp.path() / "results.json.tmp"));
  CHECK(load_results(tmp.path() / "results.json")->cells.size() == 1);
}

TEST_CASE("a failed append is reported and not kept", "[results]") {
  TempDir tmp;
  const fs::path dir = tmp.path() / "run";
  ResultStore store = created(dir);
  fs::remove_all(dir);
  auto appended = store.append(cell("a", 1, 100));
  REQUIRE_FALSE(appended.has_value());
  CHECK_THAT(appended.error().message, Catch::Contains("results.json.tmp: cannot create"));
  CHECK(store.results().cells.empty());
}

TEST_CASE("text that is not UTF-8 is stored without throwing", "[results]") {
  TempDir tmp;
  ResultStore store = created(tmp.path());
  CellRecord c = cell("a", 1, 100);
  c.error = "Can\xB4t connect";  // latin1 from a server log
  REQUIRE(store.append(c).has_value());
  auto loaded = load_results(tmp.path() / "results.json");
  REQUIRE(loaded.has_value());
  CHECK(loaded->cells[0].error == "Can\xEF\xBF\xBDt connect");  // U+FFFD
}

TEST_CASE("a data size is recorded once per instance and survives a reload",
          "[results][data_size]") {
  TempDir tmp;
  ResultStore store = created(tmp.path());
  DataSizeRecord size;
  size.server = "a";
  size.profile = "default";
  size.engine = "myisam";
  size.tables = 1;
  size.table_size = 1000;
  size.file_source = "files";
  size.data_file_bytes = 4096;
  REQUIRE(store.record_data_size(size).has_value());
  size.data_file_bytes = 8192;  // a resumed run prepared the instance again
  REQUIRE(store.record_data_size(size).has_value());
  size.table_size = 2000;
  REQUIRE(store.record_data_size(size).has_value());
  auto loaded = load_results(tmp.path() / "results.json");
  REQUIRE(loaded.has_value());
  REQUIRE(loaded->data_sizes.size() == 2);
  CHECK(loaded->data_sizes[0].table_size == 1000);
  CHECK(loaded->data_sizes[0].data_file_bytes == 8192);
  CHECK(loaded->data_sizes[1].table_size == 2000);
}
