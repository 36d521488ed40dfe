#include "load/family/tpcc/population_rows.h"

#include <charconv>
#include <cstring>
#include <numeric>

#include "load/family/tpcc/population.h"

namespace versus::load::tpcc {

// Writes one row's fields: tab-separated with \N for NULL (LOAD DATA's defaults), or a SQL
// tuple with quoted text. Every text value here is letters, digits, spaces and '-': nothing
// to escape in either shape.
class PopulationRows::Fields {
 public:
  Fields(char* out, bool tuple) : start_(out), p_(out), tuple_(tuple) {
    if (tuple_) *p_++ = '(';
  }
  void number(std::int64_t v) {
    separate();
    p_ = std::to_chars(p_, p_ + 20, v).ptr;
  }
  void null() {
    separate();
    put(tuple_ ? std::string_view("NULL") : std::string_view("\\N"));
  }
  // A text field whose bytes the caller writes into the returned buffer, then close_text(n).
  char* open_text() {
    separate();
    if (tuple_) *p_++ = '\'';
    return p_;
  }
  void close_text(std::size_t n) {
    p_ += n;
    if (tuple_) *p_++ = '\'';
  }
  void text(std::string_view s) { close_text(copy(open_text(), s)); }
  void fixed(std::uint32_t units, int decimals) {
    separate();
    p_ += fixed_point(units, decimals, p_);
  }
  std::size_t finish() {
    *p_++ = tuple_ ? ')' : '\n';
    return static_cast<std::size_t>(p_ - start_);
  }

 private:
  static std::size_t copy(char* to, std::string_view s) {
    std::memcpy(to, s.data(), s.size());
    return s.size();
  }
  void put(std::string_view s) { p_ += copy(p_, s); }
  void separate() {
    if (!first_) *p_++ = tuple_ ? ',' : '\t';
    first_ = false;
  }
  char* start_;
  char* p_;
  bool tuple_;
  bool first_ = true;
};

namespace {
std::uint64_t rows_seed(std::uint64_t seed, Table t, int warehouse) {
  return seed ^ (0x7bcc0000ULL + static_cast<std::uint64_t>(t) * 0x10001ULL +
                 static_cast<std::uint64_t>(warehouse) * 0x9e3779b97f4a7c15ULL);
}

std::uint64_t fixed_rows(Table t) {
  switch (t) {
    case Table::item:
    case Table::stock:
      return kItems;
    case Table::warehouse:
      return 1;
    case Table::district:
      return kDistricts;
    case Table::customer:
    case Table::history:
    case Table::orders:
      return static_cast<std::uint64_t>(kDistricts) * kCustomers;
    case Table::new_order:
      return static_cast<std::uint64_t>(kDistricts) * (kOrders - kFirstNewOrder + 1);
    case Table::order_line:
      break;
  }
  return 0;
}
}  // namespace

PopulationRows::PopulationRows(Table table, int warehouse, std::uint64_t seed,
                               std::string_view timestamp)
    : table_(table),
      warehouse_(warehouse),
      seed_(seed),
      timestamp_(timestamp),
      rng_(rows_seed(seed, table, warehouse)) {
  count_ = table == Table::order_line ? order_line_rows() : fixed_rows(table);
}

// Each district's orders drawn from their own generator, so orders and order_line see the
// same customers and line counts.
const PopulationRows::OrderShape& PopulationRows::shape_of(int district) {
  if (shape_district_ == district) return shape_;
  Random r(rows_seed(seed_, Table::orders, warehouse_) ^
           (0xd15ULL * static_cast<unsigned>(district)));
  shape_.customer.resize(kOrders);
  std::iota(shape_.customer.begin(), shape_.customer.end(), std::uint16_t{1});
  for (std::size_t i = kOrders - 1; i > 0; --i)  // Fisher-Yates
    std::swap(shape_.customer[i], shape_.customer[r.uniform(0, static_cast<std::uint32_t>(i))]);
  shape_.lines.resize(kOrders);
  for (auto& n : shape_.lines) n = static_cast<std::uint8_t>(r.uniform(5, 15));
  shape_district_ = district;
  return shape_;
}

std::uint64_t PopulationRows::order_line_rows() {
  std::uint64_t n = 0;
  for (int d = 1; d <= kDistricts; ++d)
    for (std::uint8_t lines : shape_of(d).lines) n += lines;
  return n;
}

std::size_t PopulationRows::write(char* out, bool tuple) {
  Fields f(out, tuple);
  write_fields(f);
  ++next_;
  return f.finish();
}

std::size_t PopulationRows::write_line(char* out) {
  return write(out, false);
}

std::size_t PopulationRows::write_tuple(char* out) {
  return write(out, true);
}

void PopulationRows::write_fields(Fields& f) {
  switch (table_) {
    case Table::item:
      return item(f);
    case Table::warehouse:
      return warehouse(f);
    case Table::district:
      return district(f);
    case Table::customer:
      return customer(f);
    case Table::history:
      return history(f);
    case Table::orders:
      return orders(f);
    case Table::new_order:
      return new_order(f);
    case Table::order_line:
      return order_line(f);
    case Table::stock:
      return stock(f);
  }
}

void PopulationRows::address(Fields& f) {
  for (int i = 0; i < 3; ++i) {  // street_1, street_2, city
    char* p = f.open_text();
    f.close_text(a_string(rng_, 10, 20, p));
  }
  char* state = f.open_text();
  f.close_text(a_string(rng_, 2, 2, state));
  char* z = f.open_text();
  zip(rng_, z);
  f.close_text(kZipLength);
}

void PopulationRows::item(Fields& f) {
  f.number(static_cast<std::int64_t>(next_) + 1);
  f.number(rng_.uniform(1, 10000));
  char* name = f.open_text();
  f.close_text(a_string(rng_, 14, 24, name));
  f.fixed(rng_.uniform(100, 10000), 2);  // i_price 1.00..100.00
  char* data = f.open_text();
  f.close_text(original_data(rng_, data));
}

void PopulationRows::warehouse(Fields& f) {
  f.number(warehouse_);
  char* name = f.open_text();
  f.close_text(a_string(rng_, 6, 10, name));
  address(f);
  f.fixed(rng_.uniform(0, 2000), 4);  // w_tax 0.0000..0.2000
  f.fixed(30'000'000, 2);             // w_ytd 300,000.00
}

void PopulationRows::district(Fields& f) {
  f.number(static_cast<std::int64_t>(next_) + 1);
  f.number(warehouse_);
  char* name = f.open_text();
  f.close_text(a_string(rng_, 6, 10, name));
  address(f);
  f.fixed(rng_.uniform(0, 2000), 4);  // d_tax
  f.fixed(3'000'000, 2);              // d_ytd 30,000.00
  f.number(kOrders + 1);              // d_next_o_id
}

void PopulationRows::customer(Fields& f) {
  const auto c_id = static_cast<std::uint32_t>(next_ % kCustomers) + 1;
  f.number(c_id);
  f.number(static_cast<std::int64_t>(next_ / kCustomers) + 1);
  f.number(warehouse_);
  char* first = f.open_text();
  f.close_text(a_string(rng_, 8, 16, first));
  f.text("OE");
  // The first 1,000 customers of a district take the names 0..999 in order; the rest NURand.
  const std::uint32_t number = c_id <= 1000 ? c_id - 1 : nurand(rng_, 255, 0, 999, kLoadC.last);
  char* last = f.open_text();
  f.close_text(last_name(number, last));
  address(f);
  char* phone = f.open_text();
  f.close_text(n_string(rng_, 16, 16, phone));
  f.text(timestamp_);
  f.text(rng_.uniform(1, 10) == 1 ? "BC" : "GC");
  f.number(50000);                    // c_credit_lim
  f.fixed(rng_.uniform(0, 5000), 4);  // c_discount 0.0000..0.5000
  f.text("-10.00");                   // c_balance
  f.fixed(1000, 2);                   // c_ytd_payment 10.00
  f.number(1);                        // c_payment_cnt
  f.number(0);                        // c_delivery_cnt
  char* data = f.open_text();
  f.close_text(a_string(rng_, 300, 500, data));
}

void PopulationRows::history(Fields& f) {
  const std::int64_t d = static_cast<std::int64_t>(next_ / kCustomers) + 1;
  f.number(static_cast<std::int64_t>(next_ % kCustomers) + 1);
  f.number(d);
  f.number(warehouse_);
  f.number(d);
  f.number(warehouse_);
  f.text(timestamp_);
  f.fixed(1000, 2);  // h_amount 10.00
  char* data = f.open_text();
  f.close_text(a_string(rng_, 12, 24, data));
}

void PopulationRows::orders(Fields& f) {
  const int d = static_cast<int>(next_ / kOrders) + 1;
  const int o = static_cast<int>(next_ % kOrders) + 1;
  const OrderShape& s = shape_of(d);
  f.number(o);
  f.number(d);
  f.number(warehouse_);
  f.number(s.customer[static_cast<std::size_t>(o - 1)]);
  f.text(timestamp_);
  if (o < kFirstNewOrder)
    f.number(rng_.uniform(1, 10));
  else
    f.null();
  f.number(s.lines[static_cast<std::size_t>(o - 1)]);
  f.number(1);  // o_all_local
}

void PopulationRows::new_order(Fields& f) {
  constexpr std::uint64_t kPerDistrict = kOrders - kFirstNewOrder + 1;
  f.number(kFirstNewOrder + static_cast<std::int64_t>(next_ % kPerDistrict));
  f.number(static_cast<std::int64_t>(next_ / kPerDistrict) + 1);
  f.number(warehouse_);
}

void PopulationRows::order_line(Fields& f) {
  LineCursor& c = line_;
  const bool delivered = c.order < kFirstNewOrder;
  f.number(c.order);
  f.number(c.district);
  f.number(warehouse_);
  f.number(c.number);
  f.number(rng_.uniform(1, kItems));
  f.number(warehouse_);  // ol_supply_w_id
  if (delivered)
    f.text(timestamp_);
  else
    f.null();
  f.number(5);                                           // ol_quantity
  f.fixed(delivered ? 0 : rng_.uniform(1, 999'999), 2);  // ol_amount 0.01..9999.99 if not
  char* info = f.open_text();
  f.close_text(a_string(rng_, 24, 24, info));
  if (c.number < shape_of(c.district).lines[static_cast<std::size_t>(c.order - 1)]) {
    ++c.number;
    return;
  }
  c.number = 1;
  if (++c.order > kOrders) {
    c.order = 1;
    ++c.district;
  }
}

void PopulationRows::stock(Fields& f) {
  f.number(static_cast<std::int64_t>(next_) + 1);
  f.number(warehouse_);
  f.number(rng_.uniform(10, 100));  // s_quantity
  for (int i = 0; i < 10; ++i) {    // s_dist_01..10
    char* dist = f.open_text();
    f.close_text(a_string(rng_, 24, 24, dist));
  }
  f.number(0);  // s_ytd
  f.number(0);  // s_order_cnt
  f.number(0);  // s_remote_cnt
  char* data = f.open_text();
  f.close_text(original_data(rng_, data));
}

}  // namespace versus::load::tpcc
