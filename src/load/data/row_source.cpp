#include "load/data/row_source.h"

#include <charconv>
#include <cstring>
#include <string_view>

namespace versus::load {

namespace {
char* put(char* out, std::int64_t v) {
  return std::to_chars(out, out + 20, v).ptr;
}
char* put(char* out, const char* s, std::size_t n) {
  std::memcpy(out, s, n);
  return out + n;
}
}  // namespace

RowSource::RowSource(Random rng, std::int64_t first, std::int64_t last, std::uint32_t table_size)
    : rng_(rng), next_id_(first), last_(last), table_size_(table_size) {}

RowSource::Row RowSource::draw() {
  Row r;
  rng_.fill_template(kCTemplate, r.c);
  rng_.fill_template(kPadTemplate, r.pad);
  r.k = rng_.by_default(1, table_size_);
  return r;
}

// The text around a row's four fields: before id, between id and k, k and c, c and pad,
// and after pad.
struct RowSource::Delimiters {
  std::string_view open, after_id, after_k, after_c, close;
  bool id = true;  // false: the id and after_id are left out (the id is still consumed)
};

std::size_t RowSource::write_row(char* out, const Delimiters& d) {
  const Row r = draw();
  char* p = put(out, d.open.data(), d.open.size());
  if (d.id) {
    p = put(p, next_id_);
    p = put(p, d.after_id.data(), d.after_id.size());
  }
  ++next_id_;
  p = put(p, r.k);
  p = put(p, d.after_k.data(), d.after_k.size());
  p = put(p, r.c, sizeof r.c);
  p = put(p, d.after_c.data(), d.after_c.size());
  p = put(p, r.pad, sizeof r.pad);
  p = put(p, d.close.data(), d.close.size());
  return static_cast<std::size_t>(p - out);
}

std::size_t RowSource::write_tuple(char* out) {
  return write_row(out, {"(", ",", ",'", "','", "')"});
}

std::size_t RowSource::write_line(char* out, bool with_id) {
  return write_row(out, {"", "\t", "\t", "\t", "\n", with_id});
}

}  // namespace versus::load
