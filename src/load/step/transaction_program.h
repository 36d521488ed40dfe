#pragma once
// TransactionProgram: how a workload family plans its transactions, step by step; the session
// (load/drive/session.h) runs any family's program the same way. Some statements take values
// that an earlier statement of the same transaction read back (TPC-C's d_next_o_id, the
// customer chosen by last name, the oldest new_order of a district). The session plans the whole transaction through it (every value
// drawn up front, as a terminal's input), then, as it sends the steps one after another without
// blocking, asks it before each step for the parameters that come from earlier results (or to
// skip the step) and hands it each step's first result row after the step. No allocation per
// statement: the steps and the program's own state are reused from one transaction to the next.
#include <mysql.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "load/data/random.h"
#include "load/step/statement.h"
#include "util/expected.h"

namespace versus::load {

// A Step's index into its workload's class list (statement_classes()).
using StatementClass = std::uint8_t;

// One statement of a planned transaction: a prepared statement with its integer parameters
// (text parameters are filled from the sysbench templates when it is sent), or a text query.
// An IN-list statement takes all its integers from `list` instead of `ints`.
struct Step {
  Statement* statement = nullptr;  // null: `text` is sent as a plain query
  std::array<long long, Statement::kMaxParams> ints{};
  std::string text;
  std::vector<long long> list;  // empty unless an IN-list; its capacity kept across transactions
  StatementClass klass = 0;  // index into the workload's statement_classes()
  // With time_statements, once the step succeeded: from the previous statement's end (the
  // transaction's start for the first) to its own, in nanoseconds.
  std::uint64_t nanos = 0;
  // Whether the step ran in the transaction's last attempt (a program may skip steps: the
  // COMMIT of a New-Order that rolls back); only those are timed.
  bool ran = false;
};

// The steps of the transaction being planned: the session's steps [0, planned), reused.
class StepList {
 public:
  StepList(std::vector<Step>& steps, std::size_t& planned) : steps_(steps), planned_(planned) {}
  // The next step, sending `s` (or, when null, the query `text`); its ints are zeroed.
  Step& add(Statement* s, std::string_view text = {}) {
    if (planned_ == steps_.size()) steps_.emplace_back();
    Step& step = steps_[planned_++];
    step.statement = s;
    step.ints = {};
    step.text.assign(text);
    return step;
  }
  std::size_t size() const { return planned_; }
  Step& operator[](std::size_t i) { return steps_[i]; }

 private:
  std::vector<Step>& steps_;
  std::size_t& planned_;
};

class TransactionProgram {
 public:
  virtual ~TransactionProgram() = default;
  // Prepares its statements on a (re)connected session's connection.
  virtual Expected<void> prepare(MYSQL* m) = 0;
  // Plans the next transaction into `steps` (empty), drawing every value from `rng`. After a
  // retried error (`after_error`) it is planned anew with new values, as sysbench restarts an
  // event, but first rolls back what the failed one left: after a lock wait timeout the
  // server undid only the statement, and a BEGIN would commit the rest.
  virtual void plan(StepList& steps, Random& rng, bool after_error) = 0;
  // Before step i is sent: fills its parameters that come from earlier steps' results; false
  // skips it (a district without a new order, the COMMIT of a New-Order that rolls back).
  virtual bool before_step(std::size_t i, Step& step) = 0;
  // After step i succeeded: its statement's first row is readable (Statement::has_row()).
  virtual void after_step(std::size_t i, const Step& step) = 0;
  // The kind of the planned transaction: an index into the workload's kind names.
  virtual int kind() const = 0;
  // Whether before_step and after_step do anything: when not, the session skips both calls
  // (sysbench's mixes, whose values are all drawn up front).
  virtual bool takes_results() const { return true; }
  // Readies plan() without a connection: every statement null, BEGIN and COMMIT planned as
  // text (what a transaction's steps carry, for tests).
  virtual void prepare_offline() {}
};

}  // namespace versus::load
