#pragma once
// CustomProgram: a workload file's transactions on one session (transaction_program.h). Each
// transaction is drawn by weight; its statements are planned in file order, each parameter
// drawn by its generator (value_source.h): integers into the step's ints, texts into its text,
// one NUL-separated part per text parameter. In a transaction, BEGIN first and COMMIT last;
// a retried one rolls back what the failed one left first. Each step's class is its
// statement's index in its family's statement classes (custom_family.cpp), each transaction's kind
// its index in the file.
#include <memory>
#include <string>
#include <vector>

#include "load/step/statement.h"
#include "load/step/transaction_program.h"
#include "sysbench/custom_workload.h"

namespace versus::load::custom {

class CustomProgram : public TransactionProgram {
 public:
  explicit CustomProgram(std::shared_ptr<const sysbench::CustomWorkload> workload);

  // Prepares every statement; a failure names the file, the statement's line and name, and
  // the server's message.
  Expected<void> prepare(MYSQL* m) override;
  void plan(StepList& steps, Random& rng, bool after_error) override;
  bool before_step(std::size_t, Step&) override { return true; }
  void after_step(std::size_t, const Step&) override {}
  int kind() const override { return kind_; }

  // The transaction kind a draw of `ticket` (1..the sum of weights) picks (tests).
  int kind_for(std::uint32_t ticket) const;

 private:
  struct Prepared {  // one statement of the file, prepared (or its text, where it cannot be)
    std::unique_ptr<Statement> statement;
    std::string text;
  };
  void add_frame(StepList& steps, const Prepared& p, std::size_t klass);
  void add_statement(StepList& steps, Random& rng, std::size_t index,
                     const sysbench::CustomStatement& s);

  std::shared_ptr<const sysbench::CustomWorkload> workload_;
  std::vector<std::uint32_t> cumulative_;  // weights summed in file order
  std::vector<std::size_t> first_class_;   // per transaction: its first statement's class
  std::vector<Prepared> statements_;       // by class
  Prepared begin_, commit_, rollback_;
  int kind_ = 0;
};

}  // namespace versus::load::custom
