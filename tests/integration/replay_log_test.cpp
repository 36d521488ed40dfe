// Real query logs read back: MariaDB 10.11 and 11.8 and MySQL 9.7 each write a slow log
// (long_query_time=0) and a general log of a few statements (multi-line, `USE db`, IN-lists of
// different lengths, string and number literals, comments, a prepared statement); the readers
// find every statement in both, and the fingerprints group the slow log's statements into the
// classes pt-query-digest 3.2.1 (Debian 12's percona-toolkit, scripts/setup.sh) finds in it,
// with its fingerprints and checksums. pt-query-digest reads all three releases' slow logs.
#include <mysql.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "bench_server.h"
#include "client/connection.h"
#include "load/family/replay/fingerprint.h"
#include "load/family/replay/query_log.h"
#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace {
namespace fs = std::filesystem;
using load::replay::LoggedCommand;
using load::replay::LoggedQuery;

// The statements the test sends as text, in order.
const std::vector<std::string> kReplayStatements = {
    "CREATE DATABASE replay_shop",
    "USE replay_shop",
    "CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(20), price DOUBLE)",
    "INSERT INTO items VALUES (1, 'a', 1.5), (2, 'b', 2.5), (3, 'it''s', 3.5)",
    "INSERT INTO items VALUES (4, 'd', 4.5)",
    "SELECT id,\n       name\n  FROM items\n WHERE id IN (1, 2)",
    "select id, name from items where id in (1,2,3,4)",
    "SELECT /* the cart */ name FROM items WHERE name = 'a'",
    "SELECT name FROM items WHERE name = 'b' -- a trailing comment",
    "SELECT SUM(price) FROM items WHERE price > 2.0",
    "UPDATE items SET price = price * 1.1 WHERE id = 4",
};
const char* kPreparedStatement = "SELECT name FROM items WHERE id = ?";
// The test's first statement: its connection's id, and where the test's part of a log starts.
const char* kFirstStatement = "SELECT CONNECTION_ID()";

// Prepares kPreparedStatement on `conn` and executes it with `id`.
void execute_prepared(const client::Connection& conn, int id) {
  MYSQL_STMT* stmt = mysql_stmt_init(conn.handle());
  REQUIRE(stmt);
  const std::string sql = kPreparedStatement;
  INFO(mysql_stmt_error(stmt));
  REQUIRE(mysql_stmt_prepare(stmt, sql.c_str(), sql.size()) == 0);
  MYSQL_BIND bind{};
  bind.buffer_type = MYSQL_TYPE_LONG;
  bind.buffer = &id;
  REQUIRE(mysql_stmt_bind_param(stmt, &bind) == 0);
  REQUIRE(mysql_stmt_execute(stmt) == 0);
  REQUIRE(mysql_stmt_store_result(stmt) == 0);
  mysql_stmt_close(stmt);
}

// The file named `name` somewhere under `root`; REQUIREs there is one.
fs::path file_under(const fs::path& root, const std::string& name) {
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.path().filename() == name) return e.path();
  FAIL("no " << name << " under " << root);
  return {};
}

std::vector<LoggedQuery> read_log(const fs::path& file, load::replay::LogFormat expected) {
  const std::string text = text_of(file);
  REQUIRE(load::replay::detect_format(text.substr(0, 4096)) == expected);
  std::ifstream in(file);
  auto reader = load::replay::open_query_log(in, file.string(), expected);
  std::vector<LoggedQuery> out;
  for (;;) {
    auto q = reader->next();
    INFO((q ? std::string() : q.error().message));
    REQUIRE(q.has_value());
    if (!*q) return out;
    out.push_back(**q);
  }
}

// The statements of `connection` from its first kFirstStatement on.
std::vector<LoggedQuery> mine(const std::vector<LoggedQuery>& all, std::uint64_t connection) {
  std::vector<LoggedQuery> out;
  for (const auto& q : all)
    if (q.connection == connection && (!out.empty() || q.text == kFirstStatement)) out.push_back(q);
  return out;
}

// pt-query-digest's classes of a slow log: checksum -> (fingerprint, count).
std::map<std::string, std::pair<std::string, int>> pt_query_digest_classes(const fs::path& log) {
  auto r = run_command("/usr/bin/pt-query-digest",
                       {"--output", "json", "--limit", "100%:100000", log.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  const auto from = r.output.find('{'), to = r.output.rfind('}');
  REQUIRE(from != std::string::npos);
  const auto json = nlohmann::json::parse(r.output.substr(from, to - from + 1));
  std::map<std::string, std::pair<std::string, int>> classes;
  for (const auto& c : json.at("classes"))
    classes[c.at("checksum").get<std::string>()] = {c.at("fingerprint").get<std::string>(),
                                                    c.at("query_count").get<int>()};
  return classes;
}

// pt-query-digest 3.2.1's own fingerprint code (its QueryRewriter package, taken from the
// installed script) as a Perl program: reads NUL-separated statements from the file in its
// argument, prints each one's fingerprint and checksum, NUL after each.
std::string pt_fingerprint_program() {
  const std::string digest = text_of("/usr/bin/pt-query-digest");
  const auto from = digest.find("package QueryRewriter;");
  const auto to = digest.find("# End QueryRewriter package");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  return "{\n" + digest.substr(from, to - from) +
         "\npackage main;\nuse Digest::MD5 qw(md5_hex);\n"
         "my $qr = QueryRewriter->new(match_embedded_numbers => 0);\n"
         "open(my $in, '<', $ARGV[0]) or die; binmode $in; binmode STDOUT;\n"
         "my $all = do { local $/; <$in> };\n"
         "for my $q (split /\\0/, $all, -1) {\n"
         "  my $f = $qr->fingerprint($q); print $f, \"\\t\", uc(md5_hex($f)), \"\\0\";\n}\n";
}

// Statements pieced together at random from what the fingerprint rules act on.
std::vector<std::string> random_statements(int count) {
  // '|' separates the pieces: none holds one.
  static const std::string kPieces =
      "SELECT|select| |  |\n|\t|FROM|t1|IN|in|(|)|,|?|'|\"|\\|--|#|/*|*/|/*!|1|-2|0x1F|3.5e+2|"
      "NULL|null|TRUE|false|LIMIT|limit ?|OFFSET|ORDER BY|order by|ASC|asc|UNION|union all|"
      "VALUES|values|INSERT INTO|REPLACE|IGNORE|use|CALL|call|x|a_b|\xc3\xa9|`q`|;|+|-|b'1'|"
      "x'0A'|administrator command: | union select a from t|select a from t";
  std::vector<std::string> pieces;
  for (std::size_t at = 0, bar; at <= kPieces.size(); at = bar + 1) {
    bar = std::min(kPieces.find('|', at), kPieces.size());
    pieces.push_back(kPieces.substr(at, bar - at));
  }
  std::mt19937 rng(55);
  std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(1, 25);
  std::vector<std::string> out(static_cast<std::size_t>(count));
  for (auto& s : out)
    for (int n = length(rng); n > 0; --n) s += pieces[piece(rng)];
  return out;
}

// Sends the test's statements to `server` on one connection; returns its id.
std::uint64_t send_statements(const BenchServer& server) {
  client::Endpoint account = server.bench;
  account.database.clear();  // the statements create theirs
  auto conn = client::Connection::open(account);
  require_ok(conn, "connecting");
  auto id = conn->query_value(kFirstStatement);
  require_ok(id, "the connection's id");
  for (const auto& sql : kReplayStatements) require_ok(conn->execute(sql), sql);
  execute_prepared(*conn, 2);
  execute_prepared(*conn, 3);
  return std::stoull(*id);
}

// Every statement the test sent, in order, in both logs (MySQL 9.7's logs also hold its
// initialization's statements: only the test's connection counts, from its first statement).
void check_sent(const std::vector<LoggedQuery>& slow, const std::vector<LoggedQuery>& general,
                std::uint64_t connection) {
  std::vector<std::string> sent = {kFirstStatement};
  sent.insert(sent.end(), kReplayStatements.begin(), kReplayStatements.end());
  std::vector<std::string> in_slow, in_general;
  for (const auto& q : mine(slow, connection)) {
    if (q.command == LoggedCommand::admin) continue;
    in_slow.push_back(q.text);
    CHECK(q.query_time);
    CHECK(q.rows_examined);
    // The server writes a slow log entry after its statement ran: USE's names its target.
    const bool in_shop = q.text != kFirstStatement && q.text != kReplayStatements[0];
    CHECK(q.db == (in_shop ? "replay_shop" : ""));
  }
  for (const auto& q : mine(general, connection)) {
    const char* kind = q.command == LoggedCommand::prepare   ? "prepare: "
                       : q.command == LoggedCommand::execute ? "execute: "
                                                             : "";
    in_general.push_back(kind + q.text);
  }
  const std::string by_id = "SELECT name FROM items WHERE id = ";
  auto slow_expected = sent;
  slow_expected.insert(slow_expected.end(), {by_id + "2", by_id + "3"});
  CHECK(in_slow == slow_expected);
  auto general_expected = sent;
  general_expected.insert(general_expected.end(),
                          {"prepare: " + by_id + "?", "execute: " + by_id + "2",
                           "prepare: " + by_id + "?", "execute: " + by_id + "3"});
  CHECK(in_general == general_expected);
}

// The slow log's classes: versus's fingerprints and checksums are pt-query-digest's.
void check_classes(const std::vector<LoggedQuery>& slow, const fs::path& slow_file) {
  std::map<std::string, std::pair<std::string, int>> ours;
  for (const auto& q : slow) {
    const std::string fp = load::replay::fingerprint(q.text);
    auto& c = ours[load::replay::class_id(fp)];
    c.first = fp;
    ++c.second;
  }
  CHECK(ours == pt_query_digest_classes(slow_file));
  const std::string in_list = load::replay::class_id("select id, name from items where id in(?+)");
  REQUIRE(ours.count(in_list) == 1);
  CHECK(ours.at(in_list).second == 2);
}

void check_release(const std::string& release) {
  INFO(release);
  // Relative to the datadir: versus keeps a server's files inside its instance directory.
  auto server = start_bench_server("replay",
                                   {{"slow_query_log", "1"},
                                    {"slow_query_log_file", "replay-slow.log"},
                                    {"long_query_time", "0"},
                                    {"general_log", "1"},
                                    {"general_log_file", "replay-general.log"}},
                                   release);
  const std::uint64_t connection = send_statements(*server);
  server->process.reset();  // stopped: the logs are complete
  const fs::path slow = file_under(server->dir.path(), "replay-slow.log");
  const fs::path general = file_under(server->dir.path(), "replay-general.log");
  INFO("the logs: " << slow << ", " << general);
  const auto slow_queries = read_log(slow, load::replay::LogFormat::slow);
  check_sent(slow_queries, read_log(general, load::replay::LogFormat::general), connection);
  check_classes(slow_queries, slow);
}

}  // namespace

TEST_CASE("replay: slow and general logs of 10.11, 11.8 and 9.7 read, classed as pt-query-digest",
          "[integration][replay]") {
  for (const char* release : {"mariadb-10.11.19", "mariadb-11.8", "mysql-9.7"})
    check_release(release);
}

TEST_CASE("replay: fingerprints and checksums are pt-query-digest 3.2.1's on random statements",
          "[integration][replay]") {
  TempDir tmp;
  const auto program = tmp.write("fingerprint.pl", pt_fingerprint_program());
  const auto statements = random_statements(5000);
  std::string input;
  for (const auto& s : statements) input += (input.empty() ? "" : std::string(1, '\0')) + s;
  const auto file = tmp.write("statements", input);
  auto r = run_command("/usr/bin/perl", {program.string(), file.string()});
  REQUIRE(r.exit_code == 0);
  // Each statement's "fingerprint<tab>checksum", NUL-terminated (a fingerprint may hold '\n').
  std::vector<std::string> theirs;
  for (std::size_t at = 0, end; (end = r.output.find('\0', at)) != std::string::npos; at = end + 1)
    theirs.push_back(r.output.substr(at, end - at));
  REQUIRE(theirs.size() == statements.size());
  int differ = 0;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const std::string fp = load::replay::fingerprint(statements[i]);
    if (fp + "\t" + load::replay::class_id(fp) == theirs[i]) continue;
    if (++differ > 3) continue;  // the first few, not thousands
    INFO(statements[i]);
    CHECK(fp + "\t" + load::replay::class_id(fp) == theirs[i]);
  }
  CHECK(differ == 0);
}

}  // namespace versus::testing
