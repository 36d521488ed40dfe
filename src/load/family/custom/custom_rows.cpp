#include "load/family/custom/custom_rows.h"

#include <algorithm>
#include <cstdio>

#include "load/family/custom/row_text.h"

namespace versus::load::custom {

CustomRows::CustomRows(const sysbench::CustomTable& table, Random rng)
    : table_(&table), rng_(rng) {
  std::size_t longest_text = 0;
  for (const sysbench::CustomColumn& c : table.columns) {
    sources_.emplace_back(c.value);
    longest_text = std::max(longest_text, sources_.back().max_text());
    max_row_ += 2 * sources_.back().max_text() + 3;  // escaped, quotes, separator
  }
  max_row_ += 3;  // parentheses, newline
  text_.resize(longest_text);
}

std::string CustomRows::column_list() const {
  std::string out;
  for (const sysbench::CustomColumn& c : table_->columns)
    out += (out.empty() ? "`" : ",`") + c.name + "`";
  return out;
}

std::size_t CustomRows::write_row(char* out, bool tuple) {
  std::size_t at = 0;
  if (tuple) out[at++] = '(';
  for (std::size_t i = 0; i < sources_.size(); ++i) {
    if (i) out[at++] = tuple ? ',' : '\t';
    const ValueSource& s = sources_[i];
    if (s.is_text()) {
      const std::size_t n = s.draw_text(rng_, text_.data());
      at += put_text({text_.data(), n}, out + at, tuple);
    } else {
      at += static_cast<std::size_t>(
          std::snprintf(out + at, 16, "%lld", s.draw_int(rng_, next_row_)));
    }
  }
  out[at++] = tuple ? ')' : '\n';
  ++next_row_;
  return at;
}

std::size_t CustomRows::write_line(char* out) {
  return write_row(out, false);
}

std::size_t CustomRows::write_tuple(char* out) {
  return write_row(out, true);
}

}  // namespace versus::load::custom
