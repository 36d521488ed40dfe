#include "load/family/tpcc/tpcc_program.h"

#include <algorithm>
#include <cstring>

#include "load/family/tpcc/population.h"

namespace versus::load::tpcc {

void TpccProgram::ShortText::assign(std::string_view s) {
  size = std::min(s.size(), bytes.size());
  std::memcpy(bytes.data(), s.data(), size);
}

Step& TpccProgram::add(StepList& steps, Sql sql, std::initializer_list<long long> ints, int index) {
  Step& step = steps.add(statements_.get(sql), statements_.text(sql));
  step.klass = static_cast<StatementClass>(sql);  // the family's statement classes are in Sql order (tpcc_family.cpp)
  std::copy(ints.begin(), ints.end(), step.ints.begin());
  if (roles_.size() < steps.size()) roles_.resize(steps.size());
  roles_[steps.size() - 1] = {sql, static_cast<std::uint8_t>(index)};
  return step;
}

void TpccProgram::add_frame(StepList& steps, Sql sql) {
  add(steps, sql, {});
}

int TpccProgram::other_warehouse(Random& rng, int w) const {
  const int other =
      static_cast<int>(rng.uniform(1, static_cast<std::uint32_t>(terminal_.warehouses - 1)));
  return other >= w ? other + 1 : other;
}

// A transaction retried after an error is of the same kind (a terminal re-enters the same
// screen): dealing a new card would let deadlocks thin out the New-Orders.
void TpccProgram::plan(StepList& steps, Random& rng, bool after_error) {
  if (after_error) add(steps, Sql::rollback, {}, kUndo);
  plan_kind(after_error ? kind_ : deck_.deal(rng), steps, rng);
}

void TpccProgram::draw_home(Random& rng) {
  if (terminal_.per_connection) {
    home_w_ = terminal_.home_warehouse();
    home_d_ = terminal_.home_district();
    return;
  }
  home_w_ = static_cast<int>(rng.uniform(1, static_cast<std::uint32_t>(terminal_.warehouses)));
  home_d_ = static_cast<int>(rng.uniform(1, kDistricts));
}

void TpccProgram::plan_kind(Kind k, StepList& steps, Random& rng) {
  draw_home(rng);
  kind_ = k;
  rollback_ = bad_credit_ = false;
  missing_line_ = -1;
  o_id_ = count_ = next_o_id_ = 0;
  switch (k) {
    case Kind::new_order:
      return plan_new_order(steps, rng);
    case Kind::payment:
      return plan_payment(steps, rng);
    case Kind::order_status:
      return plan_order_status(steps, rng);
    case Kind::delivery:
      return plan_delivery(steps, rng);
    case Kind::stock_level:
      return plan_stock_level(steps, rng);
  }
}

// Clause 2.4.1: the district, customer and lines drawn; 1% of the transactions end with an
// unused item (i_id 100001), which rolls them back.
void TpccProgram::plan_new_order(StepList& steps, Random& rng) {
  const int w = home_w_;
  const auto d = static_cast<int>(rng.uniform(1, kDistricts));
  const long long c = nurand(rng, 1023, 1, kCustomers, kRunC.c_id);
  const auto lines = static_cast<int>(rng.uniform(5, 15));
  add_frame(steps, Sql::begin);
  add(steps, Sql::no_customer, {w, d, c});
  add(steps, Sql::no_warehouse, {w});
  add(steps, Sql::no_district, {w, d});
  add(steps, Sql::no_district_next, {w, d});
  const std::size_t order = steps.size();
  add(steps, Sql::no_orders, {0, d, w, c, lines, 1});
  add(steps, Sql::no_new_order, {0, d, w});
  steps[order].ints[5] = add_order_lines(steps, rng, lines, w, d) ? 1 : 0;  // o_all_local
  add_frame(steps, Sql::commit);
  add_frame(steps, Sql::rollback);
}

// Per line: the item (NURand), its supplying warehouse (1% another when there are several),
// the quantity 1..10; the rollback's unused item is the last line's. Returns whether every
// line is supplied by the home warehouse.
bool TpccProgram::add_order_lines(StepList& steps, Random& rng, int lines, int w, int d) {
  const bool rollback = rng.uniform(1, 100) == 1;
  bool all_local = true;
  for (int line = 0; line < lines; ++line) {
    long long item = nurand(rng, 8191, 1, kItems, kRunC.ol_i_id);
    if (rollback && line == lines - 1) item = kItems + 1;
    int supply = w;
    if (terminal_.warehouses > 1 && rng.uniform(1, 100) == 1) supply = other_warehouse(rng, w);
    all_local = all_local && supply == w;
    const auto quantity = static_cast<int>(rng.uniform(1, 10));
    quantity_[static_cast<std::size_t>(line)] = quantity;
    add(steps, Sql::no_item, {item}, line);
    add(steps, Sql::no_stock, {d, item, supply}, line);
    add(steps, Sql::no_stock_update, {0, quantity, supply != w ? 1 : 0, item, supply}, line);
    add(steps, Sql::no_order_line, {0, d, w, line + 1, item, supply, quantity, 0}, line);
  }
  return all_local;
}

// Clause 2.5.1.2 / 2.6.1.2: 60% by last name (NURand(255) with the run's C), else by id.
TpccProgram::Customer TpccProgram::draw_customer(Random& rng, int w, int d) {
  Customer c;
  c.w = w;
  c.d = d;
  c.by_name = rng.uniform(1, 100) <= 60;
  if (!c.by_name) {
    c.id = nurand(rng, 1023, 1, kCustomers, kRunC.c_id);
    return c;
  }
  char name[kMaxLastName];
  c.last.assign({name, last_name(nurand(rng, 255, 0, 999, kRunC.last), name)});
  return c;
}

// By last name: how many customers have it, then the one at position ceil(n / 2) in
// c_first order (clause 2.5.2.2), its offset filled in from the count.
void TpccProgram::add_customer(StepList& steps, Sql count, Sql select) {
  if (!customer_.by_name) return;
  add(steps, count, {customer_.w, customer_.d}).text.assign(customer_.last.view());
  add(steps, select, {customer_.w, customer_.d, 0}).text.assign(customer_.last.view());
}

// Clause 2.5.1: 85% of payments to the home warehouse's customer, 15% (with more than one
// warehouse) a customer of another; the amount 1.00..5000.00.
void TpccProgram::plan_payment(StepList& steps, Random& rng) {
  const int w = home_w_;
  const auto d = static_cast<int>(rng.uniform(1, kDistricts));
  const bool remote = terminal_.warehouses > 1 && rng.uniform(1, 100) > 85;
  const int c_w = remote ? other_warehouse(rng, w) : w;
  const int c_d = remote ? static_cast<int>(rng.uniform(1, kDistricts)) : d;
  customer_ = draw_customer(rng, c_w, c_d);
  const long long amount = rng.uniform(100, 500'000);
  const long long c = customer_.id;
  add_frame(steps, Sql::begin);
  add(steps, Sql::pay_warehouse_ytd, {amount, w});
  add(steps, Sql::pay_warehouse, {w});
  add(steps, Sql::pay_district_ytd, {amount, w, d});
  add(steps, Sql::pay_district, {w, d});
  add_customer(steps, Sql::pay_name_count, Sql::pay_customer_by_name);
  add(steps, Sql::pay_customer, {c_w, c_d, c});
  add(steps, Sql::pay_customer_bc, {amount, amount, d, w, amount, c_w, c_d, c});
  add(steps, Sql::pay_customer_gc, {amount, amount, c_w, c_d, c});
  add(steps, Sql::pay_history, {c, c_d, c_w, d, w, amount});
  add_frame(steps, Sql::commit);
}

// Clause 2.6.1: the home warehouse, any district, 60% by last name; the customer's last order.
void TpccProgram::plan_order_status(StepList& steps, Random& rng) {
  const int w = home_w_;
  const auto d = static_cast<int>(rng.uniform(1, kDistricts));
  customer_ = draw_customer(rng, w, d);
  const long long c = customer_.id;
  add_frame(steps, Sql::begin);
  add_customer(steps, Sql::os_name_count, Sql::os_customer_by_name);
  add(steps, Sql::os_customer, {w, d, c});
  add(steps, Sql::os_order, {w, d, c});
  add(steps, Sql::os_order_lines, {w, d, 0});
  add_frame(steps, Sql::commit);
}

// Clause 2.7.4: the oldest undelivered order of each of the home warehouse's ten districts
// (a district without one is skipped), one carrier for all.
void TpccProgram::plan_delivery(StepList& steps, Random& rng) {
  const int w = home_w_;
  const long long carrier = rng.uniform(1, 10);
  add_frame(steps, Sql::begin);
  for (int d = 1; d <= kDistricts; ++d) {
    const int i = d - 1;
    add(steps, Sql::dl_new_order, {w, d}, i);
    add(steps, Sql::dl_delete_new_order, {w, d, 0}, i);
    add(steps, Sql::dl_order, {w, d, 0}, i);
    add(steps, Sql::dl_order_carrier, {carrier, w, d, 0}, i);
    add(steps, Sql::dl_order_lines, {w, d, 0}, i);
    add(steps, Sql::dl_amount, {w, d, 0}, i);
    add(steps, Sql::dl_customer, {0, w, d, 0}, i);
  }
  add_frame(steps, Sql::commit);
}

// Clause 2.8.1: the terminal's own district, a threshold of 10..20; the distinct items of its
// last 20 orders whose stock is below it.
void TpccProgram::plan_stock_level(StepList& steps, Random& rng) {
  const int w = home_w_;
  const int d = home_d_;
  const long long threshold = rng.uniform(10, 20);
  add_frame(steps, Sql::begin);
  add(steps, Sql::sl_district, {w, d});
  add(steps, Sql::sl_stock_count, {w, d, 0, 0, threshold});
  add_frame(steps, Sql::commit);
}

// ---------------------------------------------------------------------------------------------
// While the transaction runs: the values that come from earlier results.

bool TpccProgram::before_step(std::size_t i, Step& step) {
  const Role& r = roles_[i];
  switch (r.sql) {
    case Sql::commit:
      return !rollback_;
    case Sql::rollback:
      return rollback_ || r.index == kUndo;
    case Sql::os_customer_by_name:
    case Sql::pay_customer_by_name:
      step.ints[2] = std::max(0LL, (count_ - 1) / 2);  // ceil(n / 2), 0-based
      return true;
    case Sql::os_customer:
    case Sql::os_order:
      step.ints[2] = customer_.id;
      return true;
    case Sql::os_order_lines:
      step.ints[2] = o_id_;
      return true;
    case Sql::sl_stock_count:
      step.ints[2] = next_o_id_;
      step.ints[3] = next_o_id_ - 20;
      return true;
    default:
      break;
  }
  return fill_new_order(r, step) && fill_payment(r, step) && fill_delivery(r, step);
}

bool TpccProgram::fill_new_order(const Role& r, Step& step) {
  const std::size_t k = r.index;
  const bool missing = static_cast<int>(k) == missing_line_;
  switch (r.sql) {
    case Sql::no_orders:
    case Sql::no_new_order:
      step.ints[0] = o_id_;
      return true;
    case Sql::no_stock:
      return !missing;
    case Sql::no_stock_update: {  // clause 2.4.2.2: restocked by 91 below 10 left
      const long long left = stock_[k] - quantity_[k];
      step.ints[0] = left >= 10 ? left : left + 91;
      return !missing;
    }
    case Sql::no_order_line:
      step.ints[0] = o_id_;
      step.ints[7] = quantity_[k] * price_[k];
      step.text.assign(dist_info_[k].view());
      return !missing;
    default:
      return true;
  }
}

// Clause 2.5.2.2: a bad-credit customer's c_data gets the payment in front.
bool TpccProgram::fill_payment(const Role& r, Step& step) {
  switch (r.sql) {
    case Sql::pay_customer:
      step.ints[2] = customer_.id;
      return true;
    case Sql::pay_customer_bc:
      step.ints[7] = customer_.id;
      return bad_credit_;
    case Sql::pay_customer_gc:
      step.ints[4] = customer_.id;
      return !bad_credit_;
    case Sql::pay_history:  // h_data: w_name, four spaces, d_name
      step.ints[0] = customer_.id;
      step.text.assign(w_name_.view());
      step.text.append("    ");
      step.text.append(d_name_.view());
      return true;
    default:
      return true;
  }
}

bool TpccProgram::fill_delivery(const Role& r, Step& step) {
  const std::size_t d = r.index;
  const long long o = delivered_o_[d];
  switch (r.sql) {
    case Sql::dl_delete_new_order:
    case Sql::dl_order:
    case Sql::dl_order_lines:
    case Sql::dl_amount:
      step.ints[2] = o;
      return o != 0;
    case Sql::dl_order_carrier:
      step.ints[3] = o;
      return o != 0;
    case Sql::dl_customer:
      step.ints[0] = delivered_amount_[d];
      step.ints[3] = delivered_c_[d];
      return o != 0;
    default:
      return true;
  }
}

void TpccProgram::after_step(std::size_t i, const Step& step) {
  if (!step.statement) return;
  const Statement& s = *step.statement;
  const Role& r = roles_[i];
  const std::size_t k = r.index;
  const long long first = s.has_row() ? s.result_int(0) : 0;
  switch (r.sql) {
    case Sql::no_district:
      o_id_ = first;
      break;
    case Sql::no_item:
      price_[k] = first;
      if (!s.has_row()) {
        rollback_ = true;
        missing_line_ = static_cast<int>(k);
      }
      break;
    case Sql::no_stock:
      stock_[k] = first;
      dist_info_[k].assign(s.result_text(1));
      break;
    case Sql::pay_warehouse:
      w_name_.assign(s.result_text(0));
      break;
    case Sql::pay_district:
      d_name_.assign(s.result_text(0));
      break;
    case Sql::pay_name_count:
    case Sql::os_name_count:
      count_ = first;
      break;
    case Sql::pay_customer_by_name:
    case Sql::os_customer_by_name:
      customer_.id = first;
      break;
    case Sql::pay_customer:
      bad_credit_ = s.result_text(4) == "BC";
      break;
    case Sql::os_order:
      o_id_ = first;
      break;
    case Sql::dl_new_order:
      delivered_o_[k] = first;
      break;
    case Sql::dl_order:
      delivered_c_[k] = first;
      break;
    case Sql::dl_amount:
      delivered_amount_[k] = first;
      break;
    case Sql::sl_district:
      next_o_id_ = first;
      break;
    default:
      break;
  }
}

}  // namespace versus::load::tpcc
