#include "run/postwrite.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "client/connection.h"

namespace versus::run {
namespace {
using Clock = std::chrono::steady_clock;
using client::Connection;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The last column of the first row of `sql` as an integer (a SHOW STATUS row's value, a
// one-column SELECT's only one).
Expected<long long> number(Connection& conn, const std::string& sql) {
  auto rows = conn.query(sql);
  if (!rows) return fail(rows.error());
  if (rows->empty() || rows->front().empty()) return fail("no row from " + sql);
  const std::string& v = rows->front().back();
  try {
    return std::stoll(v);
  } catch (const std::exception&) {
    return fail("not a number: '" + v + "' from " + sql);
  }
}

// The purge's backlog: MariaDB's status variable, else (MySQL) INNODB_METRICS' counter, on by
// default there.
std::string history_length_sql(Connection& conn) {
  auto rows = conn.query("SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'");
  if (rows && !rows->empty()) return "SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'";
  return "SELECT COUNT FROM information_schema.INNODB_METRICS WHERE NAME = "
         "'trx_rseg_history_len'";
}

Expected<PostwriteAction> analyze(Connection& conn, const std::string& database) {
  const auto start = Clock::now();
  auto tables = conn.query("SELECT table_name FROM information_schema.tables WHERE table_schema = '" +
                           database + "' AND table_type = 'BASE TABLE'");
  if (!tables) return fail(tables.error().context("listing the tables to analyze"));
  for (const client::Row& t : *tables)
    if (auto ok = conn.query("ANALYZE TABLE `" + database + "`.`" + t.at(0) + "`"); !ok)
      return fail(ok.error().context("ANALYZE TABLE " + t.at(0)));
  return PostwriteAction{fmt::format("ANALYZE TABLE {} table{}", tables->size(),
                                     tables->size() == 1 ? "" : "s"),
                         since(start),
                         "done"};
}

// Polls `count` once a second until it reads at most `target` or `limit_s` passes.
PostwriteAction settle(Connection& conn, const std::string& action, const std::string& sql,
                       long long target, const std::string& unit, double limit_s) {
  const auto start = Clock::now();
  long long last = -1;
  while (true) {
    auto v = number(conn, sql);
    if (!v) return {action, since(start), "could not read: " + v.error().message};
    last = *v;
    if (last <= target) return {action, since(start), fmt::format("{} {}", last, unit)};
    if (since(start) >= limit_s) break;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  return {action, since(start), fmt::format("not settled in {:.0f} s: {} {}", limit_s, last, unit)};
}

// InnoDB's dirty pages flushed with innodb_max_dirty_pages_pct at 0, then its purge; the
// variable restored whatever happened.
std::vector<PostwriteAction> settle_innodb(Connection& conn, double limit_s) {
  const auto start = Clock::now();
  std::vector<PostwriteAction> out;
  auto pct = conn.query_value("SELECT @@GLOBAL.innodb_max_dirty_pages_pct");
  if (!pct || !conn.execute("SET GLOBAL innodb_max_dirty_pages_pct = 0")) {
    out.push_back({"flush dirty pages", 0, "innodb_max_dirty_pages_pct could not be set"});
  } else {
    out.push_back(settle(conn, "flush dirty pages",
                         "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'", 0,
                         "dirty pages", limit_s));
    (void)conn.execute("SET GLOBAL innodb_max_dirty_pages_pct = " + *pct);
  }
  out.push_back(settle(conn, "purge", history_length_sql(conn), 999,
                       "undo logs in the history list", std::max(0.0, limit_s - since(start))));
  return out;
}
}  // namespace

double postwrite_limit_s(std::int64_t rows) {
  return std::min(1200.0, 60.0 + static_cast<double>(rows) / 1e6);
}

Expected<std::vector<PostwriteAction>> run_postwrite(const PostwriteTarget& t) {
  auto conn = Connection::open(t.admin, Connection::Role::check);
  if (!conn) return fail(conn.error().context("the postwrite step"));
  auto analyzed = analyze(*conn, t.database);
  if (!analyzed) return fail(analyzed.error().context("the postwrite step"));
  std::vector<PostwriteAction> out{*analyzed};
  if (t.engine == "innodb")
    for (PostwriteAction& a : settle_innodb(*conn, postwrite_limit_s(t.rows)))
      out.push_back(std::move(a));
  return out;
}

std::string postwrite_text(const std::vector<PostwriteAction>& actions) {
  std::string out;
  for (const PostwriteAction& a : actions)
    out += fmt::format("{}{} {:.1f} s ({})", out.empty() ? "" : ", ", a.action, a.seconds,
                       a.outcome);
  return out;
}

}  // namespace versus::run
