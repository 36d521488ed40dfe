#include "load/family/oltp/oltp_program.h"

#include <cstdio>

#include "load/data/schema.h"
#include "load/family/oltp/oltp_tables.h"
#include "load/family/oltp/statement_sql.h"

namespace versus::load {

namespace {
using P = ParamType;
using detail::prepare_if;
using detail::prepare_or_text;
}  // namespace

OltpProgram::OltpProgram(const SessionConfig& config) : config_(config) {}

OltpProgram::~OltpProgram() = default;

Expected<void> OltpProgram::prepare(MYSQL* m) {
  tables_.clear();
  begin_.reset();
  commit_.reset();
  begin_text_.clear();
  commit_text_.clear();
  if (config_.mix.dialect == Dialect::sysbench_0_4) return prepare_legacy(m);
  if (config_.mix.micro()) return prepare_micro(m);
  for (int t = 1; t <= config_.tables; ++t)
    if (auto ok = prepare_table(m, t); !ok) return ok;
  return prepare_frame(m);
}

void OltpProgram::prepare_offline() {
  tables_.clear();
  const bool legacy = config_.mix.dialect == Dialect::sysbench_0_4;
  for (int t = 0; t < (legacy ? 1 : config_.tables); ++t)
    tables_.push_back(std::make_unique<TableStatements>());
  if (config_.mix.transaction) begin_text_ = "BEGIN", commit_text_ = "COMMIT";
}

// The statements of table t that the mix runs, as oltp_common.lua prepares them.
Expected<void> OltpProgram::prepare_table(MYSQL* m, int t) {
  const WorkloadMix& x = config_.mix;
  auto ts = std::make_unique<TableStatements>();
  ts->name = table_name(t);
  const std::string& n = ts->name;
  const auto& sql = kOltpSql;
  for (auto ok : {
           prepare_if(x.point_selects > 0, m, n, sql[oltp::point_select], {P::integer}, ts->point),
           prepare_if(x.simple_ranges > 0, m, n, sql[oltp::simple_range],
                      {P::integer, P::integer}, ts->simple),
           prepare_if(x.sum_ranges > 0, m, n, sql[oltp::sum_range], {P::integer, P::integer},
                      ts->sum),
           prepare_if(x.order_ranges > 0, m, n, sql[oltp::order_range], {P::integer, P::integer},
                      ts->order),
           prepare_if(x.distinct_ranges > 0, m, n, sql[oltp::distinct_range],
                      {P::integer, P::integer}, ts->distinct),
           prepare_if(x.index_updates > 0, m, n, sql[oltp::index_update], {P::integer},
                      ts->index_update),
           prepare_if(x.non_index_updates > 0, m, n, sql[oltp::non_index_update],
                      {P::c_text, P::integer}, ts->non_index_update),
           prepare_if(x.delete_inserts + x.deletes > 0, m, n, sql[oltp::delete_], {P::integer},
                      ts->del),
           prepare_if(x.delete_inserts > 0, m, n, sql[oltp::insert],
                      {P::integer, P::integer, P::c_text, P::pad_text}, ts->ins),
       })
    if (!ok) return fail(ok.error());
  tables_.push_back(std::move(ts));
  return {};
}

// BEGIN and COMMIT, prepared as sysbench 1.0 prepares them, when the mix is transactional.
// MySQL refuses to prepare them (error 1295); sysbench's driver then emulates the statement,
// i.e. sends it as a plain query, and so does versus.
Expected<void> OltpProgram::prepare_frame(MYSQL* m) {
  if (!config_.mix.transaction) return {};
  if (auto ok = prepare_or_text(m, "BEGIN", begin_, begin_text_); !ok) return ok;
  return prepare_or_text(m, "COMMIT", commit_, commit_text_);
}

OltpProgram::TableStatements& OltpProgram::random_table() {
  auto n = static_cast<std::uint32_t>(config_.tables);
  return *tables_[rng_->uniform(1, n) - 1];
}

// ---------------------------------------------------------------------------------------------
// Planning: the statements of one transaction, drawn in sysbench's order (oltp_common.lua:
// each group of statements picks its table once, then its ids).

void OltpProgram::plan(StepList& steps, Random& rng, bool after_error) {
  steps_ = &steps;
  rng_ = &rng;
  if (config_.mix.dialect == Dialect::sysbench_0_4) {
    if (!after_error) legacy_ = draw_legacy(config_.mix, config_.table_size, rng);
    return plan_legacy();
  }
  if (config_.mix.micro()) return plan_micro();
  plan_frame(oltp::begin, begin_.get(), begin_text_);
  plan_reads();
  plan_writes();
  plan_frame(oltp::commit, commit_.get(), commit_text_);
}

void OltpProgram::add(StatementClass c, Statement* s, std::initializer_list<long long> ints) {
  Step& step = steps_->add(s);
  step.klass = c;
  std::copy(ints.begin(), ints.end(), step.ints.begin());
  step.list.clear();
}

void OltpProgram::plan_ranges(StatementClass c, Statement* s, int count) {
  for (int i = 0; i < count; ++i) {
    long long id = rng_->by_default(1, config_.table_size);
    add(c, s, {id, id + config_.mix.range_size - 1});
  }
}

void OltpProgram::plan_reads() {
  const WorkloadMix& x = config_.mix;
  if (x.point_selects > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.point_selects; ++i)
      add(oltp::point_select, t.point.get(), {rng_->by_default(1, config_.table_size)});
  }
  if (x.simple_ranges > 0) plan_ranges(oltp::simple_range, random_table().simple.get(), x.simple_ranges);
  if (x.sum_ranges > 0) plan_ranges(oltp::sum_range, random_table().sum.get(), x.sum_ranges);
  if (x.order_ranges > 0) plan_ranges(oltp::order_range, random_table().order.get(), x.order_ranges);
  if (x.distinct_ranges > 0)
    plan_ranges(oltp::distinct_range, random_table().distinct.get(), x.distinct_ranges);
}

void OltpProgram::plan_delete_inserts(TableStatements& t) {
  for (int i = 0; i < config_.mix.delete_inserts; ++i) {
    long long id = rng_->by_default(1, config_.table_size);
    add(oltp::delete_, t.del.get(), {id});
    add(oltp::insert, t.ins.get(), {id, rng_->by_default(1, config_.table_size)});
  }
}

// oltp_insert: a plain text query with an auto-increment id, as oltp_insert.lua sends it.
void OltpProgram::plan_insert() {
  TableStatements& t = random_table();
  char c[kCTemplate.size() + 1] = {}, pad[kPadTemplate.size() + 1] = {};
  rng_->fill_template(kCTemplate, c);
  rng_->fill_template(kPadTemplate, pad);
  char sql[512];
  int len =
      std::snprintf(sql, sizeof sql, "INSERT INTO %s (id, k, c, pad) VALUES (0, %u, '%s', '%s')",
                    t.name.c_str(), rng_->by_default(1, config_.table_size), c, pad);
  add(oltp::insert, nullptr, {});
  (*steps_)[steps_->size() - 1].text.assign(sql, static_cast<std::size_t>(len));
}

void OltpProgram::plan_writes() {
  const WorkloadMix& x = config_.mix;
  if (x.index_updates > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.index_updates; ++i)
      add(oltp::index_update, t.index_update.get(), {rng_->by_default(1, config_.table_size)});
  }
  if (x.non_index_updates > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.non_index_updates; ++i)
      add(oltp::non_index_update, t.non_index_update.get(),
          {rng_->by_default(1, config_.table_size)});
  }
  for (int i = 0; i < x.deletes; ++i)  // oltp_delete: one per event, its own table
    add(oltp::delete_, random_table().del.get(), {rng_->by_default(1, config_.table_size)});
  if (x.delete_inserts > 0) plan_delete_inserts(random_table());
  for (int i = 0; i < x.inserts; ++i) plan_insert();
}

}  // namespace versus::load
