#include "results/history/history.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

#include "support/cell_builder.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using namespace versus::results;
using versus::testing::TempDir;

RunResults run(const std::string& id, const std::string& started_at, double tps) {
  RunResults r;
  r.info.run_id = id;
  r.info.started_at = started_at;
  r.info.matrix_file = "nightly.yaml";
  for (int threads : {1, 8}) {
    r.info.machine.cores = 16;
    r.cells.push_back(versus::testing::CellBuilder("trunk")
                          .workload("oltp_read_only")
                          .threads(threads)
                          .tps(tps * threads)
                          .server_version("11.8.0-MariaDB")
                          .p95_ms(2.5)
                          .p99_ms(4)
                          .ignored_errors(3));
  }
  r.cells.back().status = CellStatus::failed;
  return r;
}

}  // namespace

TEST_CASE("history: append, idempotent, query in time order", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "sub" / "history.sqlite";
  {
    auto h = History::open(file);
    REQUIRE(h);
    auto added = h->append(run("r2", "2026-11-02T01:00:00Z", 110));
    REQUIRE(added);
    CHECK(*added == 2);
    REQUIRE(h->append(run("r1", "2026-11-01T01:00:00Z", 100)));
    auto again = h->append(run("r2", "2026-11-02T01:00:00Z", 999));
    REQUIRE(again);
    CHECK(*again == 0);
  }
  auto h = History::open(file);  // reopened: the schema is there, the version checked
  REQUIRE(h);
  auto rows = h->rows({});
  REQUIRE(rows);
  REQUIRE(rows->size() == 4);
  CHECK((*rows)[0].run_id == "r1");
  CHECK((*rows)[0].threads == 1);
  CHECK((*rows)[1].run_id == "r2");
  CHECK((*rows)[1].tps == 110);
  CHECK((*rows)[3].status == "failed");
  CHECK((*rows)[3].errors == 3);
  CHECK((*rows)[0].p99_ms == 4);
  CHECK((*rows)[0].machine.cores == 16);
  HistoryFilter only8;
  only8.threads = 8;
  only8.workload = "oltp_read_only";
  auto eight = h->rows(only8);
  REQUIRE(eight);
  CHECK(eight->size() == 2);
  HistoryFilter none;
  none.server = "nope";
  CHECK(h->rows(none)->empty());
  CHECK(*h->contains("r1"));
  CHECK_FALSE(*h->contains("r3"));
}

TEST_CASE("history: another schema version is refused", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "h.sqlite";
  REQUIRE(History::open(file));
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "UPDATE versus_schema SET version = 99", nullptr, nullptr, nullptr) ==
          SQLITE_OK);
  sqlite3_close(db);
  auto h = History::open(file);
  REQUIRE_FALSE(h);
  CHECK(h.error().message.find("schema version 99") != std::string::npos);
}

TEST_CASE("history: a file that is not a database is refused", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "junk.sqlite";
  {
    std::FILE* f = std::fopen(file.c_str(), "w");
    std::fputs("not sqlite at all, really not", f);
    std::fclose(f);
  }
  CHECK_FALSE(History::open(file));
}

namespace {

// One run measuring the same cell at two table sizes (a size sweep).
RunResults sweep_run(const std::string& id, const std::string& started_at) {
  RunResults r;
  r.info.run_id = id;
  r.info.started_at = started_at;
  for (std::int64_t size : {10000, 50000})
    r.cells.push_back(versus::testing::CellBuilder("trunk")
                          .threads(4)
                          .tables(2)
                          .table_size(size)
                          .transport("socket")
                          .tps(100000.0 / static_cast<double>(size)));
  return r;
}

}  // namespace

TEST_CASE("history: schema version 2 keys rows on tables and table size", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "h.sqlite";
  auto h = History::open(file);
  REQUIRE(h);
  auto added = h->append(sweep_run("s1", "2026-11-01T01:00:00Z"));
  REQUIRE(added);
  CHECK(*added == 2);  // the same cell at two sizes: two rows, no collision
  auto rows = h->rows({});
  REQUIRE(rows);
  REQUIRE(rows->size() == 2);
  CHECK((*rows)[0].table_size == 10000);
  CHECK((*rows)[1].table_size == 50000);
  CHECK((*rows)[0].tables == 2);
  CHECK((*rows)[0].transport == "socket");
  CHECK((*rows)[1].tps == 2);
  HistoryFilter large;
  large.table_size = 50000;
  auto only = h->rows(large);
  REQUIRE(only);
  REQUIRE(only->size() == 1);
  CHECK(only->front().table_size == 50000);
}

namespace {

// A run of one ok cell with usage figures over 1000 transactions, and one failed cell.
RunResults usage_run(const std::string& id, const std::string& started_at) {
  RunResults r = run(id, started_at, 100);
  CellRecord& c = r.cells.front();
  c.counters.transactions = 1000;
  c.usage.measured = true;
  c.usage.server_user_s = 0.5;  // 500 us per transaction
  c.usage.status = {{"Innodb_buffer_pool_reads", 3100},
                    {"Handler_commit", 1000},
                    {"Com_rollback", 0},                    // 0 per transaction: not kept
                    {"Innodb_buffer_pool_pages_free", 77},  // a gauge: not kept
                    {"Uptime", 12}};                        // time: not kept
  c.usage.innodb_metrics = {{"buffer_pool_reads", 3100}};   // a copy of a status: not kept
  c.counters.ignored_errors = 700;                          // 1020 690 times, 1213 10 times
  c.errors = {{1020, versus::measured::ErrorKind::retried, 690, "Record has changed"},
              {1213, versus::measured::ErrorKind::retried, 10, "Deadlock found"},
              {2013, versus::measured::ErrorKind::reconnected, 1, "Lost connection"}};
  c.statements = {{"point select", 10000, 410.0, 0.041, 0.04, 0.05, 0.06},
                  {"COMMIT", 1000, 0.0, 0, 0, 0, 0}};  // 0 ms per transaction: not kept
  r.cells.back().usage = c.usage;  // the failed cell: never kept
  r.cells.back().counters.transactions = 1000;
  return r;
}

}  // namespace

TEST_CASE("history: a cell's counters per transaction are kept, those the ranking reads",
          "[results][history]") {
  TempDir dir;
  auto h = History::open(dir.path() / "h.sqlite");
  REQUIRE(h);
  REQUIRE(*h->append(usage_run("r1", "2026-11-01T01:00:00Z")) == 2);
  REQUIRE(*h->append(usage_run("r0", "2026-10-01T01:00:00Z")) == 2);
  auto kept = h->counters({"oltp_read_only", "innodb", "trunk", "default", 1, 0, 0});
  REQUIRE(kept);
  REQUIRE(kept->size() == 2);
  CHECK((*kept)[0].run_id == "r0");  // in time order
  CHECK((*kept)[1].run_id == "r1");
  const PerTransaction& k = (*kept)[0].per_transaction;
  CHECK(k.at("Innodb_buffer_pool_reads") == Approx(3.1));
  CHECK(k.at("Handler_commit") == Approx(1.0));
  CHECK(k.at(std::string(kServerCpu)) == Approx(500));
  CHECK(k.count("Com_rollback") == 0);
  CHECK(k.count("Innodb_buffer_pool_pages_free") == 0);
  CHECK(k.count("Uptime") == 0);
  CHECK(k.count("innodb_metrics.buffer_pool_reads") == 0);
  CHECK(k.count(std::string(kReadKb)) == 0);  // 0 per transaction
  // The retried errors per transaction, in all and by code (the reconnects are not retries).
  CHECK(k.at(std::string(kRetriedErrors)) == Approx(0.7));
  CHECK(k.at("errors.1020") == Approx(0.69));
  CHECK(k.at("errors.1213") == Approx(0.01));
  CHECK(k.count("errors.2013") == 0);
  // Each statement class's ms per transaction, beside them.
  CHECK(k.at("statement_ms.point select") == Approx(0.41));
  CHECK(k.count("statement_ms.COMMIT") == 0);
  // The failed 8-thread cell has no record; another cell's coordinates find nothing.
  CHECK(h->counters({"oltp_read_only", "innodb", "trunk", "default", 8, 0, 0})->empty());
  CHECK(h->counters({"oltp_read_only", "innodb", "trunk", "default", 1, 0, 5000})->empty());
}

TEST_CASE("history: a run's directory is kept relative to the history file", "[results][history]") {
  TempDir dir;
  fs::create_directories(dir.path() / "results" / "r1");
  auto h = History::open(dir.path() / "results" / "history.sqlite");
  REQUIRE(h);
  REQUIRE(h->append(run("r1", "2026-11-01T01:00:00Z", 100), dir.path() / "results" / "r1"));
  REQUIRE(h->append(run("r2", "2026-11-02T01:00:00Z", 100), dir.path() / "elsewhere" / "r2"));
  REQUIRE(h->append(run("r3", "2026-11-03T01:00:00Z", 100)));  // directory unknown
  // Appending a run again changes nothing, its directory neither.
  REQUIRE(*h->append(run("r1", "2026-11-01T01:00:00Z", 100), dir.path() / "moved") == 0);
  auto dirs = h->run_dirs();
  REQUIRE(dirs);
  CHECK(dirs->size() == 2);
  CHECK(dirs->at("r1") == "r1");
  CHECK(dirs->at("r2") == "../elsewhere/r2");
  CHECK(dirs->count("r3") == 0);
}
