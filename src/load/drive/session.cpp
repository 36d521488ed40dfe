#include "load/drive/session.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "client/error_class.h"
#include "load/data/schema.h"
#include "load/data/random.h"
#include "load/family/registry.h"

namespace versus::load {

namespace {
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
  s.program_ = family_of(config.mix).program(config);
  s.program_->prepare_offline();
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
  conn_.reset();
  // A connect timeout, so a reconnect to a server that died (or hangs) fails in bounded time
  // instead of holding its client thread, and every session of it, until the OS gives up.
  auto c = client::Connection::open(
      config_.endpoint,
      {.timeout = kConnectTimeout, .deadline = std::chrono::seconds(0), .nonblocking = true});
  if (!c) return fail(c.error());
  conn_.emplace(std::move(*c));
  if (!program_) {
    program_ = family_of(config_.mix).program(config_);
    takes_results_ = program_->takes_results();
  }
  return program_->prepare(conn_->handle());
}

void Session::plan_transaction(bool retry) {
  planned_ = 0;
  StepList steps(steps_, planned_);
  program_->plan(steps, rng_, retry);
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
  if (takes_results_)
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
  reading_result_ = false;
  int wait = mysql_real_query_start(&rc, conn_->handle(), step.text.data(), step.text.size());
  return wait ? wait : after_text_query(rc);
}

// The text query answered with status `rc`: a result set (a text SELECT) is read and dropped
// before the step ends.
int Session::after_text_query(int rc) {
  if (rc) return finish_step(-1);
  MYSQL* m = conn_->handle();
  if (mysql_field_count(m) == 0) return finish_step(0);
  reading_result_ = true;
  MYSQL_RES* result = nullptr;
  int wait = mysql_store_result_start(&result, m);
  return wait ? wait : after_text_result(result);
}

// Null: reading the result set failed (the connection's error says why).
int Session::after_text_result(MYSQL_RES* result) {
  reading_result_ = false;
  if (!result) return finish_step(-1);
  mysql_free_result(result);
  return finish_step(0);
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
    if (takes_results_) program_->after_step(next_, step);
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
  if (reading_result_) {
    MYSQL_RES* result = nullptr;
    int wait = mysql_store_result_cont(&result, conn_->handle(), ready);
    return wait ? wait : after_text_result(result);
  }
  int rc = 0;
  int wait = mysql_real_query_cont(&rc, conn_->handle(), ready);
  return wait ? wait : after_text_query(rc);
}

int Session::kind() const {
  return program_->kind();
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
