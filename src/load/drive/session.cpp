#include "load/drive/session.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "client/error_class.h"
#include "load/family/custom/custom_program.h"
#include "load/data/schema.h"
#include "load/drive/session_tables.h"
#include "load/family/oltp/statement_sql.h"
#include "load/family/tpcc/tpcc_program.h"

namespace versus::load {

namespace {
using P = ParamType;
using detail::prepare_if;
using detail::prepare_or_text;

// The server's own text of an error message "error 1020: Record has changed ...": what
// follows the code (Statement::last_error, Connection::last_error); a view, no copy.
std::string_view server_message_text(const std::string& message) {
  const auto colon = message.find(": ");
  if (message.rfind("error ", 0) != 0 || colon == std::string::npos) return message;
  return std::string_view(message).substr(colon + 2);
}

// The n-th part of a step's text, parts ending in NUL (a workload file's text parameters);
// a text without NUL is one part.
std::string_view text_part(std::string_view text, std::size_t n) {
  std::size_t start = 0;
  for (; n > 0 && start < text.size(); --n) {
    const std::size_t end = text.find('\0', start);
    start = end == std::string_view::npos ? text.size() : end + 1;
  }
  const std::size_t end = text.find('\0', start);
  return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}
}  // namespace

Session::Session(const SessionConfig& config, std::uint64_t seed)
    : config_(config), rng_(seed, config.distribution) {}

Session::~Session() = default;

std::vector<int> Session::plan_classes(const SessionConfig& config, std::uint64_t seed) {
  Session s(config, seed);
  const bool legacy = config.mix.dialect == Dialect::sysbench_0_4;
  for (int t = 0; t < (legacy ? 1 : config.tables); ++t)
    s.tables_.push_back(std::make_unique<TableStatements>());
  if (config.mix.transaction) s.begin_text_ = "BEGIN", s.commit_text_ = "COMMIT";
  s.plan_transaction(false);
  std::vector<int> classes;
  for (const Step& step : s.planned_steps()) classes.push_back(step.klass);
  return classes;
}

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
  // A connect timeout, so a reconnect to a server that died (or hangs) fails in bounded time
  // instead of holding its client thread, and every session of it, until the OS gives up.
  auto c =
      client::Connection::open(config_.endpoint, {.timeout = kConnectTimeout, .deadline = std::chrono::seconds(0), .nonblocking = true});
  if (!c) return fail(c.error());
  conn_.emplace(std::move(*c));
  MYSQL* m = conn_->handle();
  if (config_.mix.dialect == Dialect::sysbench_0_4) return prepare_legacy(m);
  if (config_.mix.micro) return prepare_micro(m);
  if (config_.mix.dialect == Dialect::tpcc) {
    if (!program_)
      program_ =
          std::make_unique<tpcc::TpccProgram>(tpcc::Terminal{config_.warehouses, config_.ordinal,
                                                        config_.tpcc_home_per_connection});
    return program_->prepare(m);
  }
  if (config_.mix.dialect == Dialect::custom) {
    if (!program_) program_ = std::make_unique<custom::CustomProgram>(config_.mix.custom);
    return program_->prepare(m);
  }
  for (int t = 1; t <= config_.tables; ++t)
    if (auto ok = prepare_table(m, t); !ok) return ok;
  return prepare_frame(m);
}

// The statements of table t that the mix runs, as oltp_common.lua prepares them.
Expected<void> Session::prepare_table(MYSQL* m, int t) {
  const WorkloadMix& x = config_.mix;
  auto ts = std::make_unique<TableStatements>();
  ts->name = table_name(t);
  const std::string& n = ts->name;
  for (auto ok : {
           prepare_if(x.point_selects > 0, m, n, kOltpSql[oltp::point_select], {P::integer},
                      ts->point),
           prepare_if(x.simple_ranges > 0, m, n, kOltpSql[oltp::simple_range],
                      {P::integer, P::integer}, ts->simple),
           prepare_if(x.sum_ranges > 0, m, n, kOltpSql[oltp::sum_range],
                      {P::integer, P::integer}, ts->sum),
           prepare_if(x.order_ranges > 0, m, n,
                      kOltpSql[oltp::order_range],
                      {P::integer, P::integer}, ts->order),
           prepare_if(x.distinct_ranges > 0, m, n,
                      kOltpSql[oltp::distinct_range],
                      {P::integer, P::integer}, ts->distinct),
           prepare_if(x.index_updates > 0, m, n, kOltpSql[oltp::index_update], {P::integer},
                      ts->index_update),
           prepare_if(x.non_index_updates > 0, m, n, kOltpSql[oltp::non_index_update],
                      {P::c_text, P::integer}, ts->non_index_update),
           prepare_if(x.delete_inserts + x.deletes > 0, m, n, kOltpSql[oltp::delete_],
                      {P::integer}, ts->del),
           prepare_if(x.delete_inserts > 0, m, n,
                      kOltpSql[oltp::insert],
                      {P::integer, P::integer, P::c_text, P::pad_text}, ts->ins),
       })
    if (!ok) return fail(ok.error());
  tables_.push_back(std::move(ts));
  return {};
}

// BEGIN and COMMIT, prepared as sysbench 1.0 prepares them, when the mix is transactional.
// MySQL refuses to prepare them (error 1295); sysbench's driver then emulates the statement,
// i.e. sends it as a plain query, and so does versus.
Expected<void> Session::prepare_frame(MYSQL* m) {
  if (!config_.mix.transaction) return {};
  if (auto ok = prepare_or_text(m, "BEGIN", begin_, begin_text_); !ok) return ok;
  return prepare_or_text(m, "COMMIT", commit_, commit_text_);
}

Session::TableStatements& Session::random_table() {
  auto n = static_cast<std::uint32_t>(config_.tables);
  return *tables_[rng_.uniform(1, n) - 1];
}

// ---------------------------------------------------------------------------------------------
// Planning: the statements of one transaction, drawn in sysbench's order (oltp_common.lua:
// each group of statements picks its table once, then its ids).

void Session::add(StatementClass c, Statement* s, std::initializer_list<long long> ints) {
  if (planned_ == steps_.size()) steps_.emplace_back();
  Step& step = steps_[planned_++];
  step.statement = s;
  step.klass = c;
  std::copy(ints.begin(), ints.end(), step.ints.begin());
  step.list.clear();
}

void Session::plan_ranges(StatementClass c, Statement* s, int count) {
  for (int i = 0; i < count; ++i) {
    long long id = rng_.by_default(1, config_.table_size);
    add(c, s, {id, id + config_.mix.range_size - 1});
  }
}

void Session::plan_reads() {
  const WorkloadMix& x = config_.mix;
  if (x.point_selects > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.point_selects; ++i)
      add(oltp::point_select, t.point.get(), {rng_.by_default(1, config_.table_size)});
  }
  if (x.simple_ranges > 0) plan_ranges(oltp::simple_range, random_table().simple.get(), x.simple_ranges);
  if (x.sum_ranges > 0) plan_ranges(oltp::sum_range, random_table().sum.get(), x.sum_ranges);
  if (x.order_ranges > 0) plan_ranges(oltp::order_range, random_table().order.get(), x.order_ranges);
  if (x.distinct_ranges > 0)
    plan_ranges(oltp::distinct_range, random_table().distinct.get(), x.distinct_ranges);
}

void Session::plan_delete_inserts(TableStatements& t) {
  for (int i = 0; i < config_.mix.delete_inserts; ++i) {
    long long id = rng_.by_default(1, config_.table_size);
    add(oltp::delete_, t.del.get(), {id});
    add(oltp::insert, t.ins.get(), {id, rng_.by_default(1, config_.table_size)});
  }
}

// oltp_insert: a plain text query with an auto-increment id, as oltp_insert.lua sends it.
void Session::plan_insert() {
  TableStatements& t = random_table();
  char c[kCTemplate.size() + 1] = {}, pad[kPadTemplate.size() + 1] = {};
  rng_.fill_template(kCTemplate, c);
  rng_.fill_template(kPadTemplate, pad);
  char sql[512];
  int len =
      std::snprintf(sql, sizeof sql, "INSERT INTO %s (id, k, c, pad) VALUES (0, %u, '%s', '%s')",
                    t.name.c_str(), rng_.by_default(1, config_.table_size), c, pad);
  add(oltp::insert, nullptr, {});
  steps_[planned_ - 1].text.assign(sql, static_cast<std::size_t>(len));
}

void Session::plan_writes() {
  const WorkloadMix& x = config_.mix;
  if (x.index_updates > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.index_updates; ++i)
      add(oltp::index_update, t.index_update.get(), {rng_.by_default(1, config_.table_size)});
  }
  if (x.non_index_updates > 0) {
    TableStatements& t = random_table();
    for (int i = 0; i < x.non_index_updates; ++i)
      add(oltp::non_index_update, t.non_index_update.get(), {rng_.by_default(1, config_.table_size)});
  }
  for (int i = 0; i < x.deletes; ++i)  // oltp_delete: one per event, its own table
    add(oltp::delete_, random_table().del.get(), {rng_.by_default(1, config_.table_size)});
  if (x.delete_inserts > 0) plan_delete_inserts(random_table());
  for (int i = 0; i < x.inserts; ++i) plan_insert();
}

void Session::plan_transaction(bool retry) {
  planned_ = 0;
  if (program_) {
    StepList steps(steps_, planned_);
    return program_->plan(steps, rng_, retry);
  }
  if (config_.mix.dialect == Dialect::sysbench_0_4) {
    if (!retry) legacy_ = draw_legacy(config_.mix, config_.table_size, rng_);
    return plan_legacy();
  }
  if (config_.mix.micro) return plan_micro();
  plan_frame(oltp::begin, begin_.get(), begin_text_);
  plan_reads();
  plan_writes();
  plan_frame(oltp::commit, commit_.get(), commit_text_);
}

// ---------------------------------------------------------------------------------------------
// Execution, non-blocking: each call runs until the socket would block.

// Integer parameters take the planned values in order; text ones are drawn now.
void Session::bind(const Step& step) {
  Statement& s = *step.statement;
  const long long* ints = step.list.empty() ? step.ints.data() : step.list.data();
  std::size_t k = 0, texts = 0;
  for (std::size_t i = 0; i < s.param_count(); ++i) {
    switch (s.param_type(i)) {
      case ParamType::integer:
        s.set_int(i, ints[k++]);
        break;
      case ParamType::c_text:
        rng_.fill_template(kCTemplate, s.text_buffer(i, kCTemplate.size()));
        break;
      case ParamType::pad_text:
        rng_.fill_template(kPadTemplate, s.text_buffer(i, kPadTemplate.size()));
        break;
      case ParamType::legacy_c_text: {
        char c[120];
        const std::size_t n = fill_legacy_c(rng_, c);
        std::memcpy(s.text_buffer(i, n), c, n);
        break;
      }
      case ParamType::step_text: {
        const std::string_view part = text_part(step.text, texts++);
        const std::size_t n = std::min(part.size(), Statement::kMaxText);
        std::memcpy(s.text_buffer(i, n), part.data(), n);
        break;
      }
    }
  }
}

bool Session::skip_to_runnable() {
  if (program_)
    while (next_ < planned_ && !program_->before_step(next_, steps_[next_])) ++next_;
  return next_ < planned_;
}

int Session::send_step() {
  if (!skip_to_runnable()) return reconnect_tries_ = 0;  // the rest skipped: committed
  Step& step = steps_[next_];
  if (!step.statement) return send_text(step);
  bind(step);
  return finish_step(step.statement->start());
}

int Session::send_text(const Step& step) {
  int rc = 0;
  int wait = mysql_real_query_start(&rc, conn_->handle(), step.text.data(), step.text.size());
  return finish_step(wait ? wait : (rc ? -1 : 0));
}

// `wait` > 0: still waiting; 0: the step succeeded; -1: a text query failed.
int Session::finish_step(int wait) {
  while (wait == 0 || wait == -1) {
    const Step& step = steps_[next_];
    const unsigned err = wait == -1 ? conn_->last_errno() : step.statement ? step.statement->error() : 0;
    if (err) {
      failed_errno_ = err;
      last_error_ = step.statement ? step.statement->last_error() : conn_->last_error();
      return 0;
    }
    stamp(steps_[next_]);
    steps_[next_].ran = true;
    executed_.add(step.statement ? step.statement->kind() : query_kind_of(step.text));
    if (program_) program_->after_step(next_, step);
    ++next_;
    if (!skip_to_runnable()) return reconnect_tries_ = 0;  // committed
    const Step& following = steps_[next_];
    if (!following.statement) return send_text(following);
    bind(following);
    wait = following.statement->start();
  }
  return wait;
}

int Session::start_transaction(bool retry) {
  plan_transaction(retry);
  next_ = 0;
  failed_errno_ = 0;
  executed_ = {};
  for (std::size_t i = 0; i < planned_; ++i) steps_[i].ran = false;
  if (planned_ == 0) return 0;
  if (config_.time_statements) edge_ = std::chrono::steady_clock::now();
  return send_step();
}

void Session::stamp(Step& step) {
  if (!config_.time_statements) return;
  const auto now = std::chrono::steady_clock::now();
  step.nanos = static_cast<std::uint64_t>((now - edge_).count());
  edge_ = now;
}

int Session::resume(int ready) {
  Step& step = steps_[next_];
  if (step.statement) return finish_step(step.statement->resume(ready));
  int rc = 0;
  int wait = mysql_real_query_cont(&rc, conn_->handle(), ready);
  return finish_step(wait ? wait : (rc ? -1 : 0));
}

int Session::kind() const {
  return program_ ? program_->kind() : 0;
}

Expected<void> Session::recover(ThreadCounters& counters, ErrorTally& tally) {
  if (failed_errno_ == 0) return {};
  switch (client::classify_error(failed_errno_, config_.ignored_errors)) {
    case client::ErrorClass::ignorable:
      // As sysbench 1.0: no ROLLBACK, the transaction simply restarts with BEGIN. A deadlock
      // has already rolled it back; after a lock wait timeout BEGIN commits what went before.
      ThreadCounters::bump(counters.ignored_errors);
      tally.add(failed_errno_, measured::ErrorKind::retried, server_message_text(last_error_));
      return {};
    case client::ErrorClass::reconnect:
      ThreadCounters::bump(counters.reconnects);
      tally.add(failed_errno_, measured::ErrorKind::reconnected, server_message_text(last_error_));
      if (++reconnect_tries_ > 3)
        return fail("lost the connection and could not reconnect: " + last_error_);
      return connect_and_prepare();
    case client::ErrorClass::fatal:
      break;
  }
  tally.add(failed_errno_, measured::ErrorKind::fatal, server_message_text(last_error_));
  return fail(last_error_);
}

}  // namespace versus::load
