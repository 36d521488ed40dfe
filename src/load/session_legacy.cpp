// Session, sysbench 0.4 dialect: the statements of sb_oltp.c's prepare_stmt_set_trx() on the
// one table `sbtest`, run in get_request_complex()'s order with ids drawn before the
// transaction (load/legacy_transaction.h).
#include <mysqld_error.h>

#include <cstring>
#include <string>

#include "load/schema.h"
#include "load/session.h"
#include "load/session_tables.h"

namespace versus::load {
namespace {
using P = ParamType;
using detail::prepare_if;

// 0.4's drv_mysql fell back to a text query when the server could not prepare a statement.
Expected<void> prepare_or_text(MYSQL* m, const std::string& sql, std::unique_ptr<Statement>& ps,
                               std::string& text) {
  auto s = Statement::prepare(m, sql, {});
  if (s) {
    ps = std::move(*s);
    return {};
  }
  if (mysql_errno(m) != ER_UNSUPPORTED_PS) return fail(s.error());
  text = sql;
  return {};
}

// 0.4's c value of a non-index UPDATE: ten random() numbers joined by '-' (at most 119 chars,
// as its snprintf into a 120-byte buffer).
std::string legacy_c_value(Random& rng) {
  std::string c;
  for (int i = 0; i < 10; ++i) c += (i ? "-" : "") + std::to_string(rng.next() % 2147483648ULL);
  return c.substr(0, 119);
}

// Runs `s`; 0, or its error number with its message kept in `error`.
unsigned exec(Statement& s, std::string& error) {
  unsigned e = s.execute();
  if (e) error = s.last_error();
  return e;
}
}  // namespace

Expected<void> Session::prepare_legacy(MYSQL* m) {
  const WorkloadMix& x = config_.mix;
  auto ts = std::make_unique<TableStatements>();
  ts->name = std::string(kLegacyTable);
  const std::string& n = ts->name;
  const bool writes = x.writes() > 0;
  const P Int = P::integer;
  for (auto ok : {
           prepare_if(x.point_selects > 0, m, n, "SELECT c from {} where id=?", {Int}, ts->point),
           prepare_if(x.simple_ranges > 0, m, n, "SELECT c from {} where id between ? and ?",
                      {Int, Int}, ts->simple),
           prepare_if(x.sum_ranges > 0, m, n, "SELECT SUM(K) from {} where id between ? and ?",
                      {Int, Int}, ts->sum),
           prepare_if(x.order_ranges > 0, m, n,
                      "SELECT c from {} where id between ? and ? order by c", {Int, Int},
                      ts->order),
           prepare_if(x.distinct_ranges > 0, m, n,
                      "SELECT DISTINCT c from {} where id between ? and ? order by c", {Int, Int},
                      ts->distinct),
           prepare_if(writes, m, n, "UPDATE {} set k=k+1 where id=?", {Int}, ts->index_update),
           prepare_if(writes, m, n, "UPDATE {} set c=? where id=?", {P::text, Int},
                      ts->non_index_update),
           prepare_if(writes, m, n, "DELETE from {} where id=?", {Int}, ts->del),
           prepare_if(writes, m, n,
                      "INSERT INTO {} values(?,0,' ',"
                      "'aaaaaaaaaaffffffffffrrrrrrrrrreeeeeeeeeeyyyyyyyyyy')",
                      {Int}, ts->ins),
       })
    if (!ok) return fail(ok.error());
  tables_.push_back(std::move(ts));
  return prepare_legacy_frame(m);
}

// BEGIN/COMMIT, or LOCK TABLES sbtest READ|WRITE / UNLOCK TABLES on engines without them.
Expected<void> Session::prepare_legacy_frame(MYSQL* m) {
  if (!config_.mix.transaction) return {};
  const std::string lock =
      "LOCK TABLES " + std::string(kLegacyTable) + (config_.mix.writes() > 0 ? " WRITE" : " READ");
  const bool lock_tables = config_.lock_tables;
  if (auto ok = prepare_or_text(m, lock_tables ? lock : "BEGIN", begin_, begin_text_); !ok)
    return ok;
  return prepare_or_text(m, lock_tables ? "UNLOCK TABLES" : "COMMIT", commit_, commit_text_);
}

unsigned Session::run_frame(Statement* s, const std::string& text) {
  if (s) return exec(*s, last_error_);
  if (text.empty()) return 0;
  MYSQL* m = conn_->handle();
  if (mysql_real_query(m, text.data(), static_cast<unsigned long>(text.size())) != 0)
    return last_error_ = conn_->last_error(), mysql_errno(m);
  return 0;
}

unsigned Session::run_legacy_ranges(Statement* s, const std::vector<IdRange>& ranges) {
  for (const IdRange& r : ranges) {
    s->set_int(0, r.from);
    s->set_int(1, r.to);
    if (unsigned e = exec(*s, last_error_)) return e;
  }
  return 0;
}

unsigned Session::run_legacy_reads(TableStatements& t) {
  for (std::uint32_t id : legacy_.points) {
    t.point->set_int(0, id);
    if (unsigned e = exec(*t.point, last_error_)) return e;
  }
  Statement* kinds[] = {t.simple.get(), t.sum.get(), t.order.get(), t.distinct.get()};
  for (int k = kSimpleRange; k <= kDistinctRange; ++k)
    if (unsigned e = run_legacy_ranges(kinds[k], legacy_.ranges[k])) return e;
  return 0;
}

// Index updates, non-index updates, then UPDATE k, DELETE and INSERT of the pair id.
unsigned Session::run_legacy_writes(TableStatements& t) {
  for (std::uint32_t id : legacy_.index_updates) {
    t.index_update->set_int(0, id);
    if (unsigned e = exec(*t.index_update, last_error_)) return e;
  }
  for (std::uint32_t id : legacy_.non_index_updates) {
    const std::string c = legacy_c_value(rng_);
    std::memcpy(t.non_index_update->text_buffer(0, c.size()), c.data(), c.size());
    t.non_index_update->set_int(1, id);
    if (unsigned e = exec(*t.non_index_update, last_error_)) return e;
  }
  if (config_.mix.delete_inserts == 0) return 0;
  for (Statement* s : {t.index_update.get(), t.del.get(), t.ins.get()}) {
    s->set_int(0, legacy_.pair_id);
    if (unsigned e = exec(*s, last_error_)) return e;
  }
  return 0;
}

// One try of the drawn transaction; a retry runs the same ids (sb_oltp.c keeps its list).
unsigned Session::attempt_legacy() {
  TableStatements& t = *tables_.front();
  if (unsigned e = run_frame(begin_.get(), begin_text_)) return e;
  if (unsigned e = run_legacy_reads(t)) return e;
  if (unsigned e = run_legacy_writes(t)) return e;
  return run_frame(commit_.get(), commit_text_);
}

}  // namespace versus::load
