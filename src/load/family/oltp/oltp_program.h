#pragma once
// OltpProgram: sysbench's transactions as a TransactionProgram: 1.0's oltp_*.lua mixes (planned
// as oltp_common.lua draws them), 0.4.12's complex mode (the legacy mixes: oltp_program_legacy.cpp)
// and the microbenchmarks' one statement each (oltp_program_micro.cpp). Every value is drawn
// when the transaction is planned; no statement takes an earlier one's result.
#include <memory>
#include <string>
#include <vector>

#include "load/family/oltp/legacy_transaction.h"
#include "load/step/session_config.h"
#include "load/step/transaction_program.h"

namespace versus::load {

class OltpProgram final : public TransactionProgram {
 public:
  explicit OltpProgram(const SessionConfig& config);
  ~OltpProgram() override;

  Expected<void> prepare(MYSQL* m) override;
  // A retried 0.4 transaction runs the same ids again (sb_oltp.c keeps its query list); a
  // retried 1.0 one draws new values (sysbench 1.0 restarts the event).
  void plan(StepList& steps, Random& rng, bool after_error) override;
  bool before_step(std::size_t, Step&) override { return true; }
  void after_step(std::size_t, const Step&) override {}
  int kind() const override { return 0; }
  bool takes_results() const override { return false; }
  void prepare_offline() override;

  struct TableStatements;  // the prepared statements of one table (oltp_tables.h)

 private:
  Expected<void> prepare_table(MYSQL* m, int table);
  Expected<void> prepare_frame(MYSQL* m);
  TableStatements& random_table();
  void add(StatementClass c, Statement* s, std::initializer_list<long long> ints);
  void plan_frame(StatementClass c, Statement* s, const std::string& text);
  void plan_reads();
  void plan_writes();
  void plan_ranges(StatementClass c, Statement* s, int count);
  void plan_delete_inserts(TableStatements& t);
  void plan_insert();
  // sysbench 0.4 mixes (oltp_program_legacy.cpp).
  Expected<void> prepare_legacy(MYSQL* m);
  Expected<void> prepare_legacy_frame(MYSQL* m);
  void plan_legacy();
  void plan_legacy_reads(TableStatements& t);
  void plan_legacy_writes(TableStatements& t);
  // Microbenchmarks (oltp_program_micro.cpp).
  Expected<void> prepare_micro(MYSQL* m);
  void plan_micro();

  SessionConfig config_;
  std::vector<std::unique_ptr<TableStatements>> tables_;
  std::unique_ptr<Statement> begin_, commit_;
  // Statements the server cannot prepare (BEGIN on MySQL, LOCK TABLES before MariaDB 10.6):
  // sent as text when the prepared one is null.
  std::string begin_text_, commit_text_;
  LegacyTransaction legacy_;  // ids of the current 0.4 transaction, kept across its retries
  // Valid during plan() only.
  StepList* steps_ = nullptr;
  Random* rng_ = nullptr;
};

}  // namespace versus::load
