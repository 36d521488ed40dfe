#pragma once
// RowSource: the rows of one sysbench table (or of one id range of it), in id order, as
// text. Per row the generator draws c, then pad, then k (the order fixes the content for a
// given seed). No allocation per row: rows are written into caller buffers.
#include <cstddef>
#include <cstdint>

#include "load/data/random.h"
#include "load/data/schema.h"

namespace versus::load {

class RowSource {
 public:
  // Longest row in either shape: id and k (10 digits each), c, pad, quotes and separators.
  static constexpr std::size_t kMaxRowText = 2 * 10 + kCTemplate.size() + kPadTemplate.size() + 16;

  // Rows with ids first..last (inclusive); k in [1, table_size].
  RowSource(Random rng, std::int64_t first, std::int64_t last, std::uint32_t table_size);

  bool done() const { return next_id_ > last_; }
  std::int64_t next_id() const { return next_id_; }
  // Writes the next row as "(id,k,'c','pad')" at out (kMaxRowText bytes); returns its length.
  std::size_t write_tuple(char* out);
  // Writes the next row as "id\tk\tc\tpad\n" (LOAD DATA's default format), or without
  // "id\t" when the server numbers the rows; returns its length.
  std::size_t write_line(char* out, bool with_id = true);

 private:
  struct Row {
    char c[kCTemplate.size()];
    char pad[kPadTemplate.size()];
    std::uint32_t k;
  };
  Row draw();
  struct Delimiters;
  std::size_t write_row(char* out, const Delimiters& d);

  Random rng_;
  std::int64_t next_id_, last_;
  std::uint32_t table_size_;
};

}  // namespace versus::load
