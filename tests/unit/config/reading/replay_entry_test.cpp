// workloads: [{replay: LOG, ...}]: the keys of the option table, their errors.
#include "config/reading/replay_entry.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "config/reading/matrix_parser.h"

namespace fs = std::filesystem;
using versus::config::parse_matrix_file;
using versus::sysbench::Workload;

namespace {

struct ReplayDir {
  fs::path root = fs::temp_directory_path() / ("versus-replay-entry-" + std::to_string(::getpid()));
  ReplayDir() {
    fs::create_directories(root / "logs");
    std::ofstream(root / "logs/shop.log") << "SELECT 1;\n";
    std::ofstream(root / "logs/dump.sql") << "CREATE TABLE t (a INT);\n";
  }
  ~ReplayDir() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  versus::Expected<versus::config::Plan> matrix(const std::string& workloads) const {
    std::ofstream(root / "m.yaml") << "servers: [{name: a, basedir: " << root.string()
                                   << "}]\nworkloads: " << workloads << "\n";
    return parse_matrix_file(root / "m.yaml");
  }
  std::string m() const { return (root / "m.yaml").string(); }
};

}  // namespace

TEST_CASE("workloads: a replay entry's keys", "[config][replay_entry]") {
  const ReplayDir dir;
  auto plan = dir.matrix(
      "[oltp_read_only, {replay: logs/shop.log, replay_data: logs/dump.sql, replay_writes: true, "
      "replay_sample: 4, replay_order: weighted, replay_compare: false, replay_show_rows: true}]");
  if (!plan) FAIL(plan.error().message);
  REQUIRE(plan->workloads == std::vector<Workload>{Workload::oltp_read_only, Workload::replay});
  REQUIRE(plan->workload_files[1] != nullptr);
  const auto& w = *plan->workload_files[1];
  CHECK(w.name == "replay-shop-weighted");
  CHECK(versus::config::workload_label(*plan, 1) == "replay-shop-weighted");
  REQUIRE(w.replay != nullptr);
  CHECK(w.replay->log == dir.root / "logs/shop.log");
  CHECK(w.replay->source == "logs/shop.log");
  CHECK(w.replay->data == dir.root / "logs/dump.sql");
  CHECK(w.replay->data_source == "logs/dump.sql");
  CHECK(w.replay->data_key.size() == 32);
  CHECK(w.replay->writes);
  CHECK(w.replay->sample == 4);
  CHECK(w.replay->order == versus::sysbench::ReplayOrder::weighted);
  CHECK_FALSE(w.replay->compare);
  CHECK(w.replay->show_rows);
  CHECK(w.tables.empty());
  CHECK(w.transactions.empty());
  // The defaults: read-only, every connection, no dump.
  auto plain = dir.matrix("[{replay: logs/shop.log}]");
  if (!plain) FAIL(plain.error().message);
  const auto& r = *plain->workload_files[0]->replay;
  CHECK_FALSE(r.writes);
  CHECK(r.sample == 1);
  CHECK(r.order == versus::sysbench::ReplayOrder::captured);  // the log's own order
  CHECK(r.compare);  // the results pass runs, its rows hashed
  CHECK_FALSE(r.show_rows);
  CHECK(r.data.empty());
  CHECK(r.data_key.empty());
}

TEST_CASE("workloads: a replay entry's errors", "[config][replay_entry]") {
  const ReplayDir dir;
  const std::string m = dir.m();
  auto error = [&](const std::string& workloads) {
    auto plan = dir.matrix(workloads);
    return plan ? std::string("parsed") : plan.error().message;
  };
  CHECK(error("[{replay: logs/none.log}]")
            .starts_with(
                m + ":2: workloads[0].replay: expected the path of an existing regular file, got "
                    "'logs/none.log'"));
  CHECK(error("[{replay: logs/shop.log, replay_writes: maybe}]") ==
        m + ":2: workloads[0].replay_writes: expected true or false, got 'maybe'");
  CHECK(error("[{replay: logs/shop.log, replay_sample: 0}]") ==
        m + ":2: workloads[0].replay_sample: expected an integer 1..1000000, got '0'");
  CHECK(error("[{replay: logs/shop.log, replay_order: weighed}]") ==
        m + ":2: workloads[0].replay_order: expected one of captured, weighted, got 'weighed' "
            "(did you mean 'weighted'?)");
  CHECK(dir.matrix("[{replay: logs/shop.log, replay_order: Captured}]"));
  CHECK(
      error("[{replay: logs/shop.log, replay_sampel: 2}]")
          .starts_with(
              m + ":2: workloads[0]: unknown key 'replay_sampel' (did you mean 'replay_sample'?)"));
  CHECK(error("[{replay: logs/shop.log, file: logs/shop.log}]") ==
        m + ":2: workloads[0]: expected an entry with file or replay, not both, got both");
  CHECK(error("[{replay: logs/shop.log}, {replay: logs/shop.log}]") ==
        m + ":2: workloads[1]: duplicate value 'replay-shop' (same as workloads[0])");
  CHECK(error("[{replay: logs/shop.log, replay_data: logs/none.sql}]")
            .starts_with(
                m + ":2: workloads[0].replay_data: expected the path of an existing regular file"));
}
