#pragma once
// TpccProgram: one TPC-C terminal (clause 2): a home warehouse (and, for Stock-Level, a home
// district) per transaction or for the session's life (Terminal), a card deck dealing its mix, and the five
// transactions planned with their inputs drawn up front as clause 2.4.1-2.8.1 draw them (NURand
// customers and items, 60% of customers by last name, 1% of New-Orders rolled back through an
// unused item, 1% remote supply lines and 15% remote Payments when there is more than one
// warehouse). The values one statement needs from another's result are filled in as the
// transaction runs (load/step/transaction_program.h). No keying or think time: each terminal
// starts its next transaction as soon as one ends, as HammerDB, sysbench-tpcc and go-tpc run.
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "load/family/tpcc/card_deck.h"
#include "load/family/tpcc/tpcc_statements.h"
#include "load/step/transaction_program.h"

namespace versus::load::tpcc {

// Where a terminal works: `warehouses` in the database; `ordinal` the session's place among
// the load's sessions (0-based). With `per_connection` (tpcc_home: per_connection) the ordinal
// fixes its home for the run, spreading the sessions over the warehouses, then over the
// districts; else each transaction draws its home warehouse (and Stock-Level its district)
// uniformly, as go-tpc and sysbench-tpcc do. `mix`: the deck it deals its kinds from.
struct Terminal {
  int warehouses = 1;
  int ordinal = 0;
  bool per_connection = false;
  sysbench::TpccMix mix = sysbench::TpccMix::standard;
  int home_warehouse() const { return ordinal % warehouses + 1; }
  int home_district() const { return ordinal / warehouses % 10 + 1; }
};

class TpccProgram : public TransactionProgram {
 public:
  explicit TpccProgram(Terminal terminal) : terminal_(terminal), deck_(terminal.mix) {}
  Expected<void> prepare(MYSQL* m) override { return statements_.prepare(m); }
  void plan(StepList& steps, Random& rng, bool after_error) override;
  bool before_step(std::size_t i, Step& step) override;
  void after_step(std::size_t i, const Step& step) override;
  int kind() const override { return static_cast<int>(kind_); }

  // Plans a transaction of kind `k` (tests; plan() deals the kind from the deck).
  void plan_kind(Kind k, StepList& steps, Random& rng);
  // The statement planned as step i of the transaction (tests).
  Sql sql_of(std::size_t i) const { return roles_[i].sql; }

 private:
  static constexpr std::size_t kMaxLines = 15;
  struct Role {  // what a planned step is: its statement and its line or district (0-based)
    Sql sql;
    std::uint8_t index;
  };
  struct ShortText {  // a value read back: a name, a dist_info
    std::array<char, 24> bytes{};
    std::size_t size = 0;
    void assign(std::string_view s);
    std::string_view view() const { return {bytes.data(), size}; }
  };
  struct Customer {  // the customer a Payment or Order-Status selects
    int w = 0, d = 0;
    long long id = 0;  // 0 until read back when chosen by last name
    ShortText last;    // when chosen by last name
    bool by_name = false;
  };
  static constexpr int kUndo = 1;  // the index of a ROLLBACK that always runs
  Step& add(StepList& steps, Sql sql, std::initializer_list<long long> ints, int index = 0);
  void add_frame(StepList& steps, Sql sql);
  void plan_new_order(StepList& steps, Random& rng);
  bool add_order_lines(StepList& steps, Random& rng, int lines, int w, int d);
  void plan_payment(StepList& steps, Random& rng);
  void plan_order_status(StepList& steps, Random& rng);
  void plan_delivery(StepList& steps, Random& rng);
  void plan_stock_level(StepList& steps, Random& rng);
  Customer draw_customer(Random& rng, int w, int d);
  void add_customer(StepList& steps, Sql count, Sql select);
  int other_warehouse(Random& rng, int w) const;
  bool fill_new_order(const Role& r, Step& step);
  bool fill_payment(const Role& r, Step& step);
  bool fill_delivery(const Role& r, Step& step);

  void draw_home(Random& rng);

  Terminal terminal_;
  int home_w_ = 1, home_d_ = 1;  // the transaction's home warehouse and district
  TpccStatements statements_;
  CardDeck deck_;
  Kind kind_ = Kind::new_order;
  std::vector<Role> roles_;  // by step, reused
  // Read back, or drawn, in the transaction running.
  long long o_id_ = 0, count_ = 0, next_o_id_ = 0;
  bool rollback_ = false, bad_credit_ = false;
  int missing_line_ = -1;  // the New-Order line whose item does not exist
  std::array<int, kMaxLines> quantity_{};
  std::array<long long, kMaxLines> price_{}, stock_{};
  std::array<ShortText, kMaxLines> dist_info_{};
  ShortText w_name_, d_name_;
  Customer customer_;
  std::array<long long, 10> delivered_o_{}, delivered_c_{}, delivered_amount_{};
};

}  // namespace versus::load::tpcc
