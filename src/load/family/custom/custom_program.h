#pragma once
// CustomProgram: a workload file's transactions on one session (transaction_program.h). Each
// transaction is drawn by weight; its named values drawn by their generators (its params:)
// once, then its statements planned in file order, each placeholder from its slot: a `?`
// drawn by its generator (value_source.h), a `:name` the transaction's value; integers into
// the step's ints, texts into its text, one NUL-separated part per text parameter. A value an
// earlier statement read back (into:) is filled in just before its step is sent, from that
// statement's first result row. A sequence parameter takes the next of its shared new ids
// (new_ids.h). In a transaction, BEGIN first and COMMIT last; a retried one rolls back what
// the failed one left first. Each step's class is its statement's index in its family's
// statement classes (custom_family.cpp), each transaction's kind its index in the file.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
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
  bool before_step(std::size_t i, Step& step) override;
  void after_step(std::size_t i, const Step& step) override;
  int kind() const override { return kind_; }
  // Only a file whose statements read values back needs the calls around each step.
  bool takes_results() const override { return reads_back_; }

  // The transaction kind a draw of `ticket` (1..the sum of weights) picks (tests).
  int kind_for(std::uint32_t ticket) const;

 private:
  struct Prepared {  // one statement of the file, prepared (or its text, where it cannot be)
    std::unique_ptr<Statement> statement;
    std::string text;
  };
  // Per statement class: the statement, its transaction, its slots (params in order when the
  // file gave none) and whether one of them is a value read back.
  struct Shape {
    const sysbench::CustomStatement* statement = nullptr;
    std::size_t transaction = 0;
    std::vector<sysbench::ValueSlot> slots;
    bool reads = false;
  };
  Expected<void> prepare_statement(MYSQL* m, std::size_t klass);
  bool slot_is_text(const Shape& shape, const sysbench::ValueSlot& slot) const;
  void draw_values(const sysbench::CustomTransaction& t, Random& rng);
  long long draw_int(const sysbench::ValueSpec& v, Random& rng);
  void draw_text(const sysbench::ValueSpec& v, Random& rng, std::string& out);
  void add_frame(StepList& steps, const Prepared& p, std::size_t klass);
  void add_statement(StepList& steps, Random& rng, std::size_t klass);

  std::shared_ptr<const sysbench::CustomWorkload> workload_;
  std::vector<std::uint32_t> cumulative_;  // weights summed in file order
  std::vector<std::size_t> first_class_;   // per transaction: its first statement's class
  std::vector<Prepared> statements_;       // by class
  std::vector<Shape> shapes_;              // by class
  // Per transaction and value: whether it is text (a read one: as its column was prepared).
  std::vector<std::vector<bool>> value_text_;
  // The planned transaction's values, by index in its values.
  std::vector<long long> value_ints_;
  std::vector<std::string> value_texts_;
  // The counters of the sequence parameters' new ids, by their spec in the file.
  std::unordered_map<const sysbench::ValueSpec*, std::atomic<std::int64_t>*> new_ids_;
  bool reads_back_ = false;
  Prepared begin_, commit_, rollback_;
  int kind_ = 0;
};

}  // namespace versus::load::custom
