#pragma once
// PopulationRows: the rows of one TPC-C table for one warehouse (item: the one item table), as
// clause 4.3.3.1 populates them, in primary key order, as LOAD DATA lines or as SQL tuples for
// the INSERT fallback. Every row is a function of (seed, table, warehouse): orders and
// order_line agree on each order's o_ol_cnt, orders and new_order on the undelivered ones.
// No allocation per row: rows are written into caller buffers.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "load/data/random.h"
#include "load/family/tpcc/tpcc_schema.h"

namespace versus::load::tpcc {

// c_since, h_date and o_entry_d of every loaded row ("YYYY-MM-DD hh:mm:ss"): the load's time.
inline constexpr std::size_t kTimestampLength = 19;

class PopulationRows {
 public:
  // The longest row of any table, in either shape (customer: c_data up to 500 bytes).
  static constexpr std::size_t kMaxRowText = 1024;

  PopulationRows(Table table, int warehouse, std::uint64_t seed, std::string_view timestamp);

  bool done() const { return next_ >= count_; }
  std::uint64_t rows() const { return count_; }  // rows the table has for this warehouse
  // Writes the next row as "f1\tf2...\n" (NULL as \N) at out (kMaxRowText bytes).
  std::size_t write_line(char* out);
  // Writes the next row as "(f1,'f2',...)" (NULL as NULL).
  std::size_t write_tuple(char* out);

 private:
  class Fields;
  struct OrderShape {                     // one district's 3,000 loaded orders, by o_id - 1
    std::vector<std::uint16_t> customer;  // o_c_id: a permutation of 1..3000
    std::vector<std::uint8_t> lines;      // o_ol_cnt: 5..15
  };
  struct LineCursor {  // order_line: the next row's district, order and number
    int district = 1, order = 1, number = 1;
  };
  std::size_t write(char* out, bool tuple);
  void write_fields(Fields& f);
  void item(Fields& f);
  void warehouse(Fields& f);
  void district(Fields& f);
  void customer(Fields& f);
  void history(Fields& f);
  void orders(Fields& f);
  void new_order(Fields& f);
  void order_line(Fields& f);
  void stock(Fields& f);
  void address(Fields& f);  // street_1, street_2, city, state, zip
  const OrderShape& shape_of(int district);
  std::uint64_t order_line_rows();

  Table table_;
  int warehouse_;
  std::uint64_t seed_;
  std::string_view timestamp_;
  Random rng_;
  std::uint64_t next_ = 0, count_ = 0;
  int shape_district_ = 0;  // the district shape_ describes; 0: none yet
  OrderShape shape_;
  LineCursor line_;
};

}  // namespace versus::load::tpcc
