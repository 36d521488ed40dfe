#include "load/family/custom/csv_rows.h"

#include <fmt/format.h>

#include <cstring>

#include "load/family/custom/row_text.h"

namespace versus::load::custom {

CsvRows::CsvRows(CsvReader reader, CsvShape shape)
    : reader_(std::move(reader)), shape_(std::move(shape)) {
  // Every field escaped (twice its text), quoted or \N/NULL, a separator; parentheses, newline.
  max_line_ = 2 * shape_.longest_record + 5 * shape_.header.size() + 3;
}

Expected<CsvRows> CsvRows::open(const std::filesystem::path& file) {
  auto shape = scan_csv(file);
  if (!shape) return fail(shape.error());
  auto reader = CsvReader::open(file);
  if (!reader) return fail(reader.error());
  std::vector<CsvField> header;
  if (auto first = reader->next(header); !first) return fail(first.error());
  CsvRows rows(std::move(*reader), std::move(*shape));
  rows.read_ahead();
  return rows;
}

std::string CsvRows::column_list() const {
  std::string out;
  for (const std::string& c : shape_.header) {
    out += out.empty() ? "`" : ",`";
    for (char ch : c) out += ch == '`' ? std::string("``") : std::string(1, ch);
    out += "`";
  }
  return out;
}

void CsvRows::read_ahead() {
  auto more = reader_.next(next_);
  has_next_ = more && *more;
  if (!more) error_ = more.error().message;
  if (!has_next_) return;
  std::size_t bytes = 0;
  for (const CsvField& f : next_) bytes += f.text.size();
  if (next_.size() == shape_.header.size() && bytes <= shape_.longest_record) return;
  error_ = fmt::format("line {}: the file changed while it was loaded", reader_.line());
  has_next_ = false;
}

std::size_t CsvRows::write_row(char* out, bool tuple) {
  std::size_t at = 0;
  if (tuple) out[at++] = '(';
  for (std::size_t i = 0; i < next_.size(); ++i) {
    if (i) out[at++] = tuple ? ',' : '\t';
    const CsvField& f = next_[i];
    const char* null = tuple ? "NULL" : "\\N";
    if (f.null) {
      std::memcpy(out + at, null, std::strlen(null));
      at += std::strlen(null);
      continue;
    }
    at += put_text(f.text, out + at, tuple);
  }
  out[at++] = tuple ? ')' : '\n';
  ++rows_;
  read_ahead();
  return at;
}

}  // namespace versus::load::custom
