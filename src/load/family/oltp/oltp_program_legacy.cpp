// OltpProgram, sysbench 0.4 dialect: the statements of sb_oltp.c's prepare_stmt_set_trx() on the
// one table `sbtest`, run in get_request_complex()'s order with ids drawn before the
// transaction (load/family/oltp/legacy_transaction.h).
#include <string>

#include "load/data/schema.h"
#include "load/family/oltp/oltp_tables.h"
#include "load/family/oltp/statement_sql.h"

namespace versus::load {
namespace {
using P = ParamType;
using detail::prepare_if;
using detail::prepare_or_text;
}  // namespace

Expected<void> OltpProgram::prepare_legacy(MYSQL* m) {
  const WorkloadMix& x = config_.mix;
  auto ts = std::make_unique<TableStatements>();
  ts->name = std::string(kLegacyTable);
  const std::string& n = ts->name;
  const bool writes = x.writes() > 0;
  const P Int = P::integer;
  for (auto ok : {
           prepare_if(x.point_selects > 0, m, n, kLegacySql[oltp::point_select], {Int}, ts->point),
           prepare_if(x.simple_ranges > 0, m, n, kLegacySql[oltp::simple_range],
                      {Int, Int}, ts->simple),
           prepare_if(x.sum_ranges > 0, m, n, kLegacySql[oltp::sum_range],
                      {Int, Int}, ts->sum),
           prepare_if(x.order_ranges > 0, m, n,
                      kLegacySql[oltp::order_range], {Int, Int},
                      ts->order),
           prepare_if(x.distinct_ranges > 0, m, n,
                      kLegacySql[oltp::distinct_range], {Int, Int},
                      ts->distinct),
           prepare_if(writes, m, n, kLegacySql[oltp::index_update], {Int}, ts->index_update),
           prepare_if(writes, m, n, kLegacySql[oltp::non_index_update], {P::legacy_c_text, Int},
                      ts->non_index_update),
           prepare_if(writes, m, n, kLegacySql[oltp::delete_], {Int}, ts->del),
           prepare_if(writes, m, n,
                      kLegacySql[oltp::insert],
                      {Int}, ts->ins),
       })
    if (!ok) return fail(ok.error());
  tables_.push_back(std::move(ts));
  return prepare_legacy_frame(m);
}

// BEGIN/COMMIT, or LOCK TABLES sbtest READ|WRITE / UNLOCK TABLES on engines without them.
Expected<void> OltpProgram::prepare_legacy_frame(MYSQL* m) {
  if (!config_.mix.transaction) return {};
  const std::string lock =
      "LOCK TABLES " + std::string(kLegacyTable) + (config_.mix.writes() > 0 ? " WRITE" : " READ");
  const bool lock_tables = config_.lock_tables;
  if (auto ok = prepare_or_text(m, lock_tables ? lock : "BEGIN", begin_, begin_text_); !ok)
    return ok;
  return prepare_or_text(m, lock_tables ? "UNLOCK TABLES" : "COMMIT", commit_, commit_text_);
}

void OltpProgram::plan_frame(StatementClass c, Statement* s, const std::string& text) {
  if (s) return add(c, s, {});
  if (text.empty()) return;
  add(c, nullptr, {});
  (*steps_)[steps_->size() - 1].text = text;
}

void OltpProgram::plan_legacy_reads(TableStatements& t) {
  for (std::uint32_t id : legacy_.points) add(oltp::point_select, t.point.get(), {id});
  Statement* kinds[] = {t.simple.get(), t.sum.get(), t.order.get(), t.distinct.get()};
  const StatementClass classes[] = {oltp::simple_range, oltp::sum_range, oltp::order_range,
                                    oltp::distinct_range};
  for (int k = kSimpleRange; k <= kDistinctRange; ++k)
    for (const IdRange& r : legacy_.ranges[k]) add(classes[k], kinds[k], {r.from, r.to});
}

// Index updates, non-index updates, then UPDATE k, DELETE and INSERT of the pair id.
void OltpProgram::plan_legacy_writes(TableStatements& t) {
  for (std::uint32_t id : legacy_.index_updates) add(oltp::index_update, t.index_update.get(), {id});
  for (std::uint32_t id : legacy_.non_index_updates)
    add(oltp::non_index_update, t.non_index_update.get(), {id});
  if (config_.mix.delete_inserts == 0) return;
  add(oltp::index_update, t.index_update.get(), {legacy_.pair_id});
  add(oltp::delete_, t.del.get(), {legacy_.pair_id});
  add(oltp::insert, t.ins.get(), {legacy_.pair_id});
}

// The drawn transaction; a retry plans the same ids again (sb_oltp.c keeps its list).
void OltpProgram::plan_legacy() {
  TableStatements& t = *tables_.front();
  plan_frame(oltp::begin, begin_.get(), begin_text_);
  plan_legacy_reads(t);
  plan_legacy_writes(t);
  plan_frame(oltp::commit, commit_.get(), commit_text_);
}

}  // namespace versus::load
