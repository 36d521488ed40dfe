#include "load/row_source.h"

#include <charconv>
#include <cstring>

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

std::size_t RowSource::write_tuple(char* out) {
  const Row r = draw();
  char* p = put(out, "(", 1);
  p = put(p, next_id_++);
  p = put(p, ",", 1);
  p = put(p, r.k);
  p = put(p, ",'", 2);
  p = put(p, r.c, sizeof r.c);
  p = put(p, "','", 3);
  p = put(p, r.pad, sizeof r.pad);
  p = put(p, "')", 2);
  return static_cast<std::size_t>(p - out);
}

std::size_t RowSource::write_line(char* out) {
  const Row r = draw();
  char* p = put(out, next_id_++);
  p = put(p, "\t", 1);
  p = put(p, r.k);
  p = put(p, "\t", 1);
  p = put(p, r.c, sizeof r.c);
  p = put(p, "\t", 1);
  p = put(p, r.pad, sizeof r.pad);
  p = put(p, "\n", 1);
  return static_cast<std::size_t>(p - out);
}

}  // namespace versus::load
