// A workload file's transactions that read what they write (docs/workload-file.md), on real
// releases: a transaction reads a row FOR UPDATE into named values, then updates that same row
// with them and logs it into a table whose foreign key references it, with a new id and a
// LIMIT ? read. Every committed transaction's update is in the table (none lost: the lock it
// read held until COMMIT), each saw a different count, the new ids are 1..N, and the tables
// load in dependency order and drop in reverse (loaded twice). Without FOR UPDATE, on the
// same release, updates are lost: the check can fail.
#include <filesystem>
#include <memory>
#include <string>

#include "bench_server.h"
#include "client/connection.h"
#include "config/reading/workload_file.h"
#include "load/drive/driver.h"
#include "load/family/loader.h"
#include "load/family/registry.h"

namespace versus::testing {
namespace {

// `events` comes first in the file but references `tickets`: created after it.
constexpr const char* kTicketCounter = R"yaml(tables:
  - name: events
    create: "CREATE TABLE events (id INT PRIMARY KEY, ticket_id INT NOT NULL, seen INT NOT NULL,
      FOREIGN KEY (ticket_id) REFERENCES tickets (id)) ENGINE=InnoDB"
  - name: tickets
    rows: 4
    create: "CREATE TABLE tickets (id INT PRIMARY KEY, title VARCHAR(20) NOT NULL,
      updates INT NOT NULL) ENGINE=InnoDB"
    columns:
      - { column: id, generator: sequence }
      - { column: title, generator: list, values: [open] }
      - { column: updates, generator: uniform, min: 0, max: 0 }
transactions:
  - name: bump
    params:
      - { name: ticket, generator: uniform, table: tickets }
    statements:
      - name: read_ticket
        sql: SELECT updates, title FROM tickets WHERE id = :ticket FOR UPDATE
        into: [updates, title]
      - name: write_ticket
        sql: UPDATE tickets SET updates = :updates + 1, title = CONCAT(:title, '') WHERE id = :ticket
      - name: log_event
        sql: INSERT INTO events (id, ticket_id, seen) VALUES (?, :ticket, :updates)
        params: [{ generator: sequence, table: events }]
      - name: recent_events
        sql: SELECT id FROM events WHERE ticket_id = :ticket ORDER BY id DESC LIMIT ?
        params: [{ generator: uniform, min: 1, max: 3 }]
)yaml";

constexpr std::uint64_t kBumps = 2000;

std::string txn_scalar(client::Connection& conn, const std::string& sql) {
  auto rows = conn.query(sql);
  require_ok(rows, sql);
  REQUIRE(rows->size() == 1);
  return (*rows)[0][0];
}

// Loads `text` (twice: the second load drops what the first made) and runs kBumps of its
// transactions on 8 sessions; returns the committed count, the retried errors through `retried`.
std::uint64_t run_ticket_counter(const BenchServer& s, const std::string& text, std::uint64_t& retried) {
  auto w = config::parse_workload_text(text, "tickets.yaml", "tickets");
  require_ok(w, "parsing the workload file");
  const auto file = std::make_shared<const sysbench::CustomWorkload>(*w);
  load::LoadSpec spec;
  spec.endpoint = s.bench;
  spec.tables = 0;
  spec.custom.push_back(file);
  require_ok(load::load_tables(spec), "loading the tables");
  require_ok(load::load_tables(spec), "loading them again over the first load");
  load::DriverOptions o;
  o.session.endpoint = s.bench;
  o.session.mix = load::mix_for(sysbench::Workload::custom);
  o.session.mix.custom = file;
  o.connections = 8;
  o.client_threads = 2;
  o.max_requests = kBumps;
  auto r = load::run_load(o);
  require_ok(r, "the load");
  retried = r->counters.ignored_errors;
  return r->counters.transactions;
}

void check_locks_held(const std::string& release) {
  INFO(release);
  auto s = start_bench_server("workload-txn", {{"innodb_buffer_pool_size", "64M"}}, release);
  std::uint64_t retried = 0;
  const std::uint64_t committed = run_ticket_counter(*s, kTicketCounter, retried);
  INFO("retried " << retried);
  CHECK(committed == kBumps);
  auto conn = client::Connection::open(s->bench);
  require_ok(conn, "connecting");
  // Every commit's increment is there: none lost between the read and the write.
  CHECK(txn_scalar(*conn, "SELECT SUM(updates) FROM tickets") == std::to_string(committed));
  CHECK(txn_scalar(*conn, "SELECT COUNT(*) FROM tickets WHERE title = 'open'") == "4");
  CHECK(txn_scalar(*conn, "SELECT COUNT(*) FROM events") == std::to_string(committed));
  // Each transaction on a ticket read another count (the one before it committed).
  CHECK(txn_scalar(*conn, "SELECT COUNT(*) FROM (SELECT ticket_id, seen FROM events GROUP BY "
                          "ticket_id, seen HAVING COUNT(*) > 1) d") == "0");
  CHECK(txn_scalar(*conn, "SELECT COUNT(*) FROM tickets t WHERE updates <> (SELECT COUNT(*) "
                          "FROM events e WHERE e.ticket_id = t.id)") == "0");
  // New ids one after another, one per attempt that inserted: without retries N in a row,
  // from 1 (events starts empty) in the process's first run, after the ids of its earlier
  // runs otherwise (never one twice in a process).
  if (retried == 0)
    CHECK(txn_scalar(*conn, "SELECT MAX(id) - MIN(id) + 1 FROM events") == std::to_string(committed));
  CHECK(std::stoll(txn_scalar(*conn, "SELECT MIN(id) FROM events")) >= 1);
}

}  // namespace

TEST_CASE("own SQL: a workload file whose transaction reads then updates the same row holds "
          "the lock it read",
          "[integration][own_sql]") {
  check_locks_held("mariadb-10.11.19");
  check_locks_held("mysql-9.7");
}

// The same transactions with a plain read (a snapshot, no lock): two sessions read the same
// count and one increment is lost, so the check above would fail without the lock.
TEST_CASE("own SQL: without FOR UPDATE the same transactions lose updates",
          "[integration][own_sql]") {
  auto s = start_bench_server("workload-txn-nolock", {{"innodb_buffer_pool_size", "64M"}});
  std::string text = kTicketCounter;
  const std::string lock = " FOR UPDATE";
  text.erase(text.find(lock), lock.size());
  std::uint64_t retried = 0;
  const std::uint64_t committed = run_ticket_counter(*s, text, retried);
  auto conn = client::Connection::open(s->bench);
  require_ok(conn, "connecting");
  CHECK(std::stoull(txn_scalar(*conn, "SELECT SUM(updates) FROM tickets")) < committed);
}

namespace {
// A statement whose into: names more columns than it returns (line 5).
constexpr const char* kShortRow = R"yaml(transactions:
  - name: t
    params: [{ name: n, generator: uniform, min: 1, max: 3 }]
    statements:
      - { name: short_row, sql: "SELECT :n", into: [a, b] }
      - { name: use, sql: "SELECT :a + :b" }
)yaml";
}  // namespace

// The example configs/own-sql/tickets.yaml (three tables tied by foreign keys, given child
// first) through versus bench prepare, run and cleanup; a statement whose into: names more
// columns than it returns fails the load when prepared, with the file and its line.
TEST_CASE("own SQL: the issue tracker example through versus bench, and into: checked at prepare",
          "[integration][own_sql]") {
  auto s = start_bench_server("own-sql-tickets", {{"innodb_buffer_pool_size", "64M"}});
  const std::string cnf =
      s->dir.write("client.cnf", "[client]\npassword=" + s->bench.password + "\n").string();
  std::filesystem::permissions(cnf, std::filesystem::perms::owner_read |
                                        std::filesystem::perms::owner_write);
  const std::string example =
      (std::filesystem::path(VERSUS_SOURCE_DIR) / "configs/own-sql/tickets.yaml").string();
  auto with = [&](std::vector<std::string> args) {
    for (const std::string& a : {std::string("--port"), std::to_string(s->bench.port),
                                 std::string("--user"), s->bench.user,
                                 std::string("--defaults-file"), cnf,
                                 std::string("--workload-file"), example})
      args.push_back(a);
    return args;
  };
  for (const char* action : {"prepare", "run", "cleanup"}) {
    auto done = run_versus(with(action == std::string("run")
                                    ? std::vector<std::string>{"bench", action, "--duration", "2s",
                                                               "--threads", "4"}
                                    : std::vector<std::string>{"bench", action}));
    INFO(action << ": " << done.output);
    CHECK(done.exit_code == 0);
    if (action == std::string("run")) {
      for (const char* name : {"my_tickets", "ticket_for_update", "add_comment", "count_comment",
                               "reassign_ticket", "previous_owner"})
        CHECK(done.output.find(name) != std::string::npos);
    }
  }
  auto w = config::parse_workload_text(kShortRow, "short.yaml", "short");
  require_ok(w, "parsing the workload file");
  load::DriverOptions o;
  o.session.endpoint = s->bench;
  o.session.mix = load::mix_for(sysbench::Workload::custom);
  o.session.mix.custom = std::make_shared<const sysbench::CustomWorkload>(*w);
  o.max_requests = 1;
  auto r = load::run_load(o);
  REQUIRE_FALSE(r);
  INFO(r.error().message);
  CHECK(r.error().message.find("short.yaml:5: statement 'short_row' cannot be prepared: "
                               "`SELECT ?` returns 1 column, fewer than the 2 read back") !=
        std::string::npos);
}

}  // namespace versus::testing
