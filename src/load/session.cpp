#include "load/session.h"

#include <cstdio>

#include "client/error_class.h"
#include "load/schema.h"
#include "load/session_tables.h"

namespace versus::load {

namespace {
using P = ParamType;
using detail::prepare_if;
}  // namespace

Session::Session(const SessionConfig& config, std::uint64_t seed)
    : config_(config), rng_(seed, config.distribution) {}

Session::~Session() = default;

Expected<std::unique_ptr<Session>> Session::open(const SessionConfig& config, std::uint64_t seed) {
  std::unique_ptr<Session> s(new Session(config, seed));
  if (auto ok = s->connect_and_prepare(); !ok) return fail(ok.error());
  return s;
}

Expected<void> Session::connect_and_prepare() {
  tables_.clear();
  begin_.reset();
  commit_.reset();
  begin_text_.clear();
  commit_text_.clear();
  conn_.reset();
  auto c = client::Connection::open(config_.endpoint, std::chrono::seconds(0));  // blocking reads
  if (!c) return fail(c.error());
  conn_.emplace(std::move(*c));
  MYSQL* m = conn_->handle();
  if (config_.mix.dialect == Dialect::sysbench_0_4) return prepare_legacy(m);
  const WorkloadMix& x = config_.mix;
  for (int t = 1; t <= config_.tables; ++t) {
    auto ts = std::make_unique<TableStatements>();
    ts->name = table_name(t);
    const std::string& n = ts->name;
    for (auto ok : {
             prepare_if(x.point_selects > 0, m, n, "SELECT c FROM {} WHERE id=?", {P::integer},
                        ts->point),
             prepare_if(x.simple_ranges > 0, m, n, "SELECT c FROM {} WHERE id BETWEEN ? AND ?",
                        {P::integer, P::integer}, ts->simple),
             prepare_if(x.sum_ranges > 0, m, n, "SELECT SUM(k) FROM {} WHERE id BETWEEN ? AND ?",
                        {P::integer, P::integer}, ts->sum),
             prepare_if(x.order_ranges > 0, m, n,
                        "SELECT c FROM {} WHERE id BETWEEN ? AND ? ORDER BY c",
                        {P::integer, P::integer}, ts->order),
             prepare_if(x.distinct_ranges > 0, m, n,
                        "SELECT DISTINCT c FROM {} WHERE id BETWEEN ? AND ? ORDER BY c",
                        {P::integer, P::integer}, ts->distinct),
             prepare_if(x.index_updates > 0, m, n, "UPDATE {} SET k=k+1 WHERE id=?", {P::integer},
                        ts->index_update),
             prepare_if(x.non_index_updates > 0, m, n, "UPDATE {} SET c=? WHERE id=?",
                        {P::text, P::integer}, ts->non_index_update),
             prepare_if(x.delete_inserts + x.deletes > 0, m, n, "DELETE FROM {} WHERE id=?",
                        {P::integer}, ts->del),
             prepare_if(x.delete_inserts > 0, m, n,
                        "INSERT INTO {} (id, k, c, pad) VALUES (?, ?, ?, ?)",
                        {P::integer, P::integer, P::text, P::text}, ts->ins),
         })
      if (!ok) return fail(ok.error());
    tables_.push_back(std::move(ts));
  }
  if (x.transaction) {
    auto b = Statement::prepare(m, "BEGIN", {});
    auto e = Statement::prepare(m, "COMMIT", {});
    if (!b) return fail(b.error());
    if (!e) return fail(e.error());
    begin_ = std::move(*b);
    commit_ = std::move(*e);
  }
  return {};
}

Session::TableStatements& Session::random_table() {
  auto n = static_cast<std::uint32_t>(config_.tables);
  return *tables_[rng_.uniform(1, n) - 1];
}

unsigned Session::run_ranges(Statement* s, int count) {
  for (int i = 0; i < count; ++i) {
    std::uint32_t id = rng_.by_default(1, config_.table_size);
    s->set_int(0, id);
    s->set_int(1, static_cast<long long>(id) + config_.mix.range_size - 1);
    if (unsigned e = s->execute()) return last_error_ = s->last_error(), e;
  }
  return 0;
}

unsigned Session::run_reads() {
  const WorkloadMix& x = config_.mix;
  if (x.point_selects > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.point_selects; ++i) {
      t.point->set_int(0, rng_.by_default(1, config_.table_size));
      if (unsigned e = t.point->execute()) return last_error_ = t.point->last_error(), e;
    }
  }
  if (x.simple_ranges > 0)
    if (unsigned e = run_ranges(random_table().simple.get(), x.simple_ranges)) return e;
  if (x.sum_ranges > 0)
    if (unsigned e = run_ranges(random_table().sum.get(), x.sum_ranges)) return e;
  if (x.order_ranges > 0)
    if (unsigned e = run_ranges(random_table().order.get(), x.order_ranges)) return e;
  if (x.distinct_ranges > 0)
    if (unsigned e = run_ranges(random_table().distinct.get(), x.distinct_ranges)) return e;
  return 0;
}

unsigned Session::run_delete_inserts(TableStatements& t) {
  for (int i = 0; i < config_.mix.delete_inserts; ++i) {
    std::uint32_t id = rng_.by_default(1, config_.table_size);
    t.del->set_int(0, id);
    t.ins->set_int(0, id);
    t.ins->set_int(1, rng_.by_default(1, config_.table_size));
    rng_.fill_template(kCTemplate, t.ins->text_buffer(2, kCTemplate.size()));
    rng_.fill_template(kPadTemplate, t.ins->text_buffer(3, kPadTemplate.size()));
    if (unsigned e = t.del->execute()) return last_error_ = t.del->last_error(), e;
    if (unsigned e = t.ins->execute()) return last_error_ = t.ins->last_error(), e;
  }
  return 0;
}

unsigned Session::run_insert() {
  TableStatements& t = random_table();
  char c[kCTemplate.size() + 1] = {}, pad[kPadTemplate.size() + 1] = {};
  rng_.fill_template(kCTemplate, c);
  rng_.fill_template(kPadTemplate, pad);
  char sql[512];
  int len =
      std::snprintf(sql, sizeof sql, "INSERT INTO %s (id, k, c, pad) VALUES (0, %u, '%s', '%s')",
                    t.name.c_str(), rng_.by_default(1, config_.table_size), c, pad);
  MYSQL* m = conn_->handle();
  if (mysql_real_query(m, sql, static_cast<unsigned long>(len)) != 0)
    return last_error_ = conn_->last_error(), mysql_errno(m);
  return 0;
}

// As oltp_common.lua, each group of statements picks its table once, then its ids.
unsigned Session::run_writes() {
  const WorkloadMix& x = config_.mix;
  if (x.index_updates > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.index_updates; ++i) {
      t.index_update->set_int(0, rng_.by_default(1, config_.table_size));
      if (unsigned e = t.index_update->execute())
        return last_error_ = t.index_update->last_error(), e;
    }
  }
  if (x.non_index_updates > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.non_index_updates; ++i) {
      rng_.fill_template(kCTemplate, t.non_index_update->text_buffer(0, kCTemplate.size()));
      t.non_index_update->set_int(1, rng_.by_default(1, config_.table_size));
      if (unsigned e = t.non_index_update->execute())
        return last_error_ = t.non_index_update->last_error(), e;
    }
  }
  for (int i = 0; i < x.deletes; ++i) {  // oltp_delete: one per event, its own table
    TableStatements& t = random_table();
    t.del->set_int(0, rng_.by_default(1, config_.table_size));
    if (unsigned e = t.del->execute()) return last_error_ = t.del->last_error(), e;
  }
  if (x.delete_inserts > 0)
    if (unsigned e = run_delete_inserts(random_table())) return e;
  for (int i = 0; i < x.inserts; ++i)
    if (unsigned e = run_insert()) return e;
  return 0;
}

unsigned Session::attempt() {
  if (begin_)
    if (unsigned e = begin_->execute()) return last_error_ = begin_->last_error(), e;
  if (unsigned e = run_reads()) return e;
  if (unsigned e = run_writes()) return e;
  if (commit_)
    if (unsigned e = commit_->execute()) return last_error_ = commit_->last_error(), e;
  return 0;
}

Expected<void> Session::handle_error(unsigned err, ThreadCounters& errors, int& reconnect_tries) {
  switch (client::classify_error(err)) {
    case client::ErrorClass::ignorable:
      // As sysbench 1.0: no ROLLBACK, the transaction simply restarts with BEGIN. A deadlock
      // has already rolled it back; after a lock wait timeout BEGIN commits what went before.
      ThreadCounters::bump(errors.ignored_errors);
      return {};
    case client::ErrorClass::reconnect:
      ThreadCounters::bump(errors.reconnects);
      if (++reconnect_tries > 3)
        return fail("lost the connection and could not reconnect: " + last_error_);
      return connect_and_prepare();
    case client::ErrorClass::fatal:
      break;
  }
  return fail(last_error_);
}

Expected<void> Session::run_transaction(ThreadCounters& errors) {
  int reconnect_tries = 0;
  const bool legacy = config_.mix.dialect == Dialect::sysbench_0_4;
  if (legacy) legacy_ = draw_legacy(config_.mix, config_.table_size, rng_);
  while (unsigned err = legacy ? attempt_legacy() : attempt())
    if (auto ok = handle_error(err, errors, reconnect_tries); !ok) return ok;
  return {};
}

}  // namespace versus::load
