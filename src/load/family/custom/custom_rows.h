#pragma once
// CustomRows: the generated rows of one table of a workload file, in row order, as LOAD DATA
// lines (tab-separated, LOAD DATA's default escapes) or as INSERT tuples. Each column is drawn
// by its generator (value_source.h); a sequence column holds the row number. No allocation per
// row: rows are written into caller buffers.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "load/family/custom/value_source.h"
#include "load/data/local_infile.h"
#include "load/data/random.h"
#include "sysbench/custom_workload.h"

namespace versus::load::custom {

class CustomRows : public LineSource {
 public:
  CustomRows(const sysbench::CustomTable& table, Random rng);

  bool done() const override { return next_row_ > table_->rows; }
  // The longest line or tuple: every value escaped (twice its length) plus separators.
  std::size_t max_line() const override { return max_row_; }
  std::size_t write_line(char* out) override;
  // The next row as "(v1,'v2',...)"; returns its length.
  std::size_t write_tuple(char* out);

  // The columns filled, comma-separated and quoted: "`id`,`name`".
  std::string column_list() const;

 private:
  std::size_t write_row(char* out, bool tuple);

  const sysbench::CustomTable* table_;
  std::vector<ValueSource> sources_;
  Random rng_;
  std::int64_t next_row_ = 1;
  std::size_t max_row_ = 0;
  std::vector<char> text_;  // one drawn text value, before it is escaped
};

}  // namespace versus::load::custom
