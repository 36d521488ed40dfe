// The draw list of a weighted replay: the log's standalone statements, each with the database
// it ran in; what builds or depends on a connection's state left out, each kind apart.
#include "load/family/replay/draw_list.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <utility>

using namespace versus::load::replay;

namespace {

ReplayScript draw_script(const std::string& log, LogFormat format, bool writes = false) {
  std::istringstream in(log);
  auto reader = open_query_log(in, "app.log", format);
  auto s = read_script(*reader, {"app.log", writes, 1, 0});
  INFO((s ? "" : s.error().message));
  REQUIRE(s);
  return std::move(*s);
}

// Each draw's text and database.
std::vector<std::pair<std::string, std::string>> draws_of(const ReplayScript& s) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const ScriptDraw& d : draw_list(s))
    out.emplace_back(s.connections[d.connection].statements[d.statement].text, d.db);
  return out;
}

using Listed = std::vector<std::pair<std::string, std::string>>;

constexpr const char* kDrawLog =
    "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log. started with:\n"
    "Tcp port: 0  Unix socket: x\nTime\t\t    Id Command\tArgument\n"
    "261206 20:13:48\t      5 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      5 Query\tSET @c := 2\n"
    "\t\t      6 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      6 Query\tCREATE TEMPORARY TABLE tmp (a INT)\n"
    "\t\t      7 Query\tSELECT 7\n"
    "\t\t      5 Query\tBEGIN\n"
    "\t\t      5 Query\tSELECT name FROM customers WHERE id = 1\n"
    "\t\t      6 Query\tSELECT * FROM tmp\n"
    "\t\t      5 Query\tCOMMIT\n"
    "\t\t      5 Query\tuse other\n"
    "\t\t      5 Query\tSELECT 5\n"
    "\t\t      5 Query\tSELECT name FROM customers WHERE id = @c\n"
    "\t\t      5 Query\tSTART TRANSACTION\n"
    "\t\t      5 Query\tSELECT 6\n"
    "\t\t      5 Query\tSAVEPOINT s\n"
    "\t\t      5 Query\tROLLBACK\n"
    "\t\t      6 Query\tSET SESSION sql_mode = ''\n"
    "\t\t      6 Query\tSELECT COUNT(*) FROM customers\n"
    "\t\t      6 Query\tDROP TEMPORARY TABLE tmp\n"
    "\t\t      6 Query\tSELECT @@version\n";

}  // namespace

TEST_CASE("draw list: the log's standalone statements, state and transactions left out",
          "[replay][draw_list]") {
  const ReplayScript s = draw_script(kDrawLog, LogFormat::general);
  // Left out: SET (a user variable, a session setting), BEGIN, START TRANSACTION, COMMIT,
  // ROLLBACK, SAVEPOINT, every statement inside a transaction (SELECT ... id = 1, SELECT 6),
  // USE, CREATE and DROP TEMPORARY TABLE and a read of the temporary table, a user variable.
  // Each kept with the database it ran in: connection 5's after its USE, 6's from its Connect,
  // 7's unknown.
  CHECK(draws_of(s) == Listed{{"SELECT 5", "other"},
                              {"SELECT COUNT(*) FROM customers", "shop"},
                              {"SELECT @@version", "shop"},
                              {"SELECT 7", ""}});
  // read_script computes it once, for every session to share.
  CHECK(s.draws.size() == 4);
}

TEST_CASE("draw list: a file of statements, its USE giving the later ones' database; writes",
          "[replay][draw_list]") {
  const ReplayScript reads = draw_script(
      "SELECT 1;\nUSE shop;\nSELECT a FROM t WHERE id = 2;\nBEGIN;\nSELECT 3;\nCOMMIT;\n"
      "SELECT 4;\n",
      LogFormat::statements);
  CHECK(draws_of(reads) ==
        Listed{{"SELECT 1", ""}, {"SELECT a FROM t WHERE id = 2", "shop"}, {"SELECT 4", "shop"}});
  // With replay_writes a write is drawn as a read is; inside a transaction it is not.
  const ReplayScript writes = draw_script(
      "USE shop;\nUPDATE t SET a = 1 WHERE id = 1;\nBEGIN;\nUPDATE t SET a = 2;\nCOMMIT;\n",
      LogFormat::statements, true);
  CHECK(draws_of(writes) == Listed{{"UPDATE t SET a = 1 WHERE id = 1", "shop"}});
  // Nothing left to draw: an empty list (the family refuses it at plan time).
  const ReplayScript none =
      draw_script("SET @a := 1;\nBEGIN;\nSELECT @a;\nCOMMIT;\n", LogFormat::statements);
  CHECK(draw_list(none).empty());
}
