#pragma once
// A replay of a shop's log on MariaDB 10.11 (the baseline), MariaDB 11.8 and MySQL 9.7, at 2 and
// 8 threads, two repeats, each first repeat with the results of its unmeasured pass
// (measured/query_results.h). On 11.8 nothing changes (a warning's text differs in words
// alone); on 9.7 a name compared under NO PAD finds no row, a function is missing, a date
// warns with another code, a count differs only after the kept executions, a LIMIT without ORDER
// BY returns other rows (by nature), a class's log lines do not line up and one class ran only
// there. Rows redacted as the load shows them.
#include <string>
#include <vector>

#include "measured/query_results.h"
#include "results/record/record.h"
#include "support/cell_builder.h"

namespace versus::testing {

inline measured::ExecutionResult replay_execution(std::size_t line, const std::string& text,
                                                  std::uint64_t rows, const std::string& sum) {
  measured::ExecutionResult e;
  e.line = line;
  e.text = text;
  e.result_set = true;
  e.rows = rows;
  e.checksum = sum;
  return e;
}

// A class of `n` kept executions, each a copy of `e` on lines first_line, first_line + 10, ...
inline measured::ClassResults replay_class(const std::string& statement,
                                           const measured::ExecutionResult& e, std::size_t n,
                                           std::size_t first_line) {
  measured::ClassResults c;
  c.statement = statement;
  for (std::size_t i = 0; i < n; ++i) {
    c.executions.push_back(e);
    c.executions.back().line = first_line + 10 * i;
    if (i >= measured::kExecutionsWithRows) {
      c.executions.back().columns.clear();
      c.executions.back().rows_shown.clear();
    }
  }
  return c;
}

// What `server` returned (0: mariadb-10.11, 1: mariadb-11.8, 2: mysql-9.7).
inline measured::QueryResults shop_results(int server) {
  measured::QueryResults q;
  q.recorded = true;
  q.seconds = 1.25;
  auto name =
      replay_execution(3, "SELECT name FROM products WHERE id = 7", 1, "1:00a1b2c3d4e5f6a7");
  name.columns = {"name"};
  name.rows_shown = {"name=#5d41402a"};
  q.classes.push_back(replay_class("select name from products where id = ?", name, 40, 3));

  auto sku =
      replay_execution(4, "SELECT sku FROM products WHERE name = 'lamp '", 1, "1:1111222233334444");
  sku.columns = {"sku"};
  sku.rows_shown = {"sku=#9f8e7d6c"};
  auto sku_class = replay_class("select sku from products where name = ?", sku, 12, 4);
  if (server == 2)
    for (std::size_t i = 0; i < 3; ++i) {  // 'lamp ' no longer finds 'lamp' under NO PAD
      sku_class.executions[i].rows = 0;
      sku_class.executions[i].checksum = "0:0000000000000000";
      sku_class.executions[i].rows_shown.clear();
    }
  q.classes.push_back(sku_class);

  auto f = replay_execution(5, "SELECT shop_discount(42)", 1, "1:aaaabbbbccccdddd");
  f.columns = {"shop_discount(42)"};
  f.rows_shown = {"shop_discount(42)=#c4ca4238"};
  auto f_class = replay_class("select shop_discount(?)", f, 2, 5);
  if (server == 2)
    for (auto& e : f_class.executions) {
      e = replay_execution(e.line, e.text, 0, "");
      e.result_set = false;
      e.error = 1305;
      e.error_message = "FUNCTION shop.shop_discount does not exist";
    }
  q.classes.push_back(f_class);

  auto date = replay_execution(6, "SELECT CAST('2024-02-30' AS DATE)", 1, "1:0101010101010101");
  date.columns = {"CAST('2024-02-30' AS DATE)"};
  date.rows_shown = {"CAST('2024-02-30' AS DATE)=NULL"};
  date.warnings = {{1292, "Warning",
                    server == 1 ? "Incorrect date value: '2024-02-30'"
                                : "Truncated incorrect date value: '2024-02-30'"}};
  if (server == 2) date.warnings = {{1525, "Warning", "Incorrect DATE value: '2024-02-30'"}};
  q.classes.push_back(replay_class("select cast(? as date)", date, 4, 6));

  auto avg = replay_execution(7, "SELECT AVG(price) FROM products", 1, "1:7777777777777777");
  auto avg_class = replay_class("select avg(price) from products", avg, 3, 7);
  avg_class.tolerant = true;
  avg_class.nondeterminism = {"AVG(): a floating-point result may differ in its last digits"};
  q.classes.push_back(avg_class);

  auto count = replay_execution(8, "SELECT COUNT(*) FROM carts", 1, "1:8888888888888888");
  auto count_class =
      replay_class("select count(*) from carts", count, measured::kKeptExecutions, 8);
  count_class.rest = {400, server == 2 ? "00000000deadbeef" : "0123456789abcdef"};
  q.classes.push_back(count_class);

  auto recent = replay_execution(9, "SELECT id FROM orders WHERE total > 10 LIMIT 5", 5,
                                 server == 2 ? "5:9999999999999999" : "5:5555555555555555");
  auto recent_class = replay_class("select id from orders where total > ? limit ?", recent, 6, 9);
  recent_class.nondeterminism = {"LIMIT without ORDER BY"};
  q.classes.push_back(recent_class);

  auto cart = replay_execution(11, "SELECT id FROM carts WHERE user = 3", 2, "2:abababababababab");
  q.classes.push_back(
      replay_class("select id from carts where user = ?", cart, server == 2 ? 5 : 6, 11));
  if (server == 2) {
    auto only = replay_execution(12, "SELECT @@version_compile_os", 1, "1:1212121212121212");
    q.classes.push_back(replay_class("select @@version_compile_os", only, 1, 12));
  }
  return q;
}

inline results::RunResults query_changes_fixture() {
  results::RunResults r;
  r.info = {"20260301-120000",
            "shop-replay.yaml",
            "2026-03-01T12:00:00Z",
            "0.1.0",
            {"mariadb-10.11", "mariadb-11.8", "mysql-9.7"},
            {"default"},
            {}};
  const double tps[3] = {410, 432, 355};
  for (int repeat = 0; repeat < 2; ++repeat)
    for (int threads : {2, 8})
      for (int s = 0; s < 3; ++s) {
        results::CellRecord c = CellBuilder(r.info.servers[static_cast<std::size_t>(s)])
                                    .workload("replay-shop")
                                    .threads(threads)
                                    .repeat(repeat)
                                    .tps(tps[s] * threads / 2 + repeat)
                                    .qps(tps[s] * threads * 4)
                                    .p95_ms(1.5 + threads * 0.25);
        c.mix.dialect = "replay";
        if (repeat == 0) c.query_results = shop_results(s);
        r.cells.push_back(c);
      }
  // EXPLAIN of one class on 10.11 and 9.7: NO PAD leaves the name's index unused.
  const char* access[3] = {"ref", "ref", "ALL"};
  const char* key[3] = {"name", "name", ""};
  for (int s : {0, 2}) {
    results::DataSizeRecord d;
    d.server = r.info.servers[static_cast<std::size_t>(s)];
    d.profile = "default";
    d.engine = "innodb";
    d.tables = 4;
    d.file_source = "files";
    d.data_file_bytes = 48u << 20;
    d.data_length = d.data_file_bytes - (1u << 20);
    results::StatementPlan p;
    p.statements = "replay-shop";
    p.statement_class = "select sku from products where name = ?";
    p.sql = "SELECT sku FROM products WHERE name = 'lamp '";
    p.format = "json";
    p.shape = {{{"products", access[s], key[s], s == 2 ? 2000.0 : 1.0}}, false, false};
    d.plans.push_back(p);
    r.data_sizes.push_back(d);
  }
  return r;
}

}  // namespace versus::testing
