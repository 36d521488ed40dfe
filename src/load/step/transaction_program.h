#pragma once
// TransactionProgram: a workload whose statements take values that an earlier statement of the
// same transaction read back (TPC-C's d_next_o_id, the customer chosen by last name, the oldest
// new_order of a district). The session plans the whole transaction through it (every value
// drawn up front, as a terminal's input), then, as it sends the steps one after another without
// blocking, asks it before each step for the parameters that come from earlier results (or to
// skip the step) and hands it each step's first result row after the step. No allocation per
// statement: the steps and the program's own state are reused from one transaction to the next.
#include <mysql.h>

#include <cstddef>
#include <string_view>
#include <vector>

#include "load/data/random.h"
#include "load/drive/session.h"
#include "util/expected.h"

namespace versus::load {

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
};

}  // namespace versus::load
