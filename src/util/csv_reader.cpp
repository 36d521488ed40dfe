#include "util/csv_reader.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <set>

namespace versus {

CsvReader::CsvReader(std::filesystem::path file, std::ifstream in)
    : file_(std::move(file)), in_(std::move(in)) {}

Expected<CsvReader> CsvReader::open(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail(file.string() + ": cannot read: " + std::strerror(errno));
  return CsvReader(file, std::move(in));
}

int CsvReader::get() {
  const int c = in_.get();
  if (c == '\n') ++line_;
  return c;
}

// After the opening quote: up to the closing one, "" read as one quote.
Expected<void> CsvReader::quoted(CsvField& field) {
  for (;;) {
    const int c = get();
    if (c == EOF)
      return fail(fmt::format("{}:{}: a quoted field is not closed", file_.string(), record_line_));
    if (c != '"') {
      field.text += static_cast<char>(c);
    } else if (peek() == '"') {
      field.text += static_cast<char>(get());
    } else {
      return {};
    }
  }
}

// Up to the next separator, record end or end of file, none of them taken.
void CsvReader::unquoted(CsvField& field) {
  for (int c = peek(); c != EOF && c != ',' && c != '\n'; c = peek()) {
    get();
    if (c == '\r' && peek() == '\n') break;
    field.text += static_cast<char>(c);
  }
  field.null = field.text.empty() || field.text == "\\N";
}

Expected<bool> CsvReader::next(std::vector<CsvField>& fields) {
  fields.clear();
  while (peek() == '\n' || peek() == '\r') get();  // empty lines
  if (peek() == EOF) return false;
  record_line_ = line_;
  for (;;) {
    CsvField& field = fields.emplace_back();
    if (peek() == '"') {
      get();
      if (auto ok = quoted(field); !ok) return fail(ok.error());
      if (peek() == '\r') get();
      if (peek() != ',' && peek() != '\n' && peek() != EOF)
        return fail(fmt::format("{}:{}: text after a closing quote (a quote inside a field is "
                                "written \"\")",
                                file_.string(), line_));
    } else {
      unquoted(field);
    }
    const int end = get();
    if (end != ',') return true;  // '\n' or the end of the file
  }
}

namespace {
Expected<std::vector<std::string>> header_of(const std::vector<CsvField>& fields,
                                             const std::filesystem::path& file) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string& name = fields[i].text;
    if (fields[i].null || name.empty())
      return fail(fmt::format("{}:{}: the header's field {} is empty (the first line names the "
                              "columns)",
                              file.string(), 1, i + 1));
    if (!seen.insert(name).second)
      return fail(fmt::format("{}:1: the header names column '{}' twice", file.string(), name));
    out.push_back(name);
  }
  return out;
}
}  // namespace

Expected<CsvShape> scan_csv(const std::filesystem::path& file) {
  auto reader = CsvReader::open(file);
  if (!reader) return fail(reader.error());
  std::vector<CsvField> fields;
  auto first = reader->next(fields);
  if (!first) return fail(first.error());
  if (!*first) return fail(file.string() + ": empty (the first line names the columns)");
  CsvShape shape;
  auto header = header_of(fields, file);
  if (!header) return fail(header.error());
  shape.header = std::move(*header);
  for (;;) {
    auto more = reader->next(fields);
    if (!more) return fail(more.error());
    if (!*more) return shape;
    if (fields.size() != shape.header.size())
      return fail(fmt::format("{}:{}: {} fields; the header has {}", file.string(), reader->line(),
                              fields.size(), shape.header.size()));
    std::size_t bytes = 0;
    for (const CsvField& f : fields) bytes += f.text.size();
    shape.longest_record = std::max(shape.longest_record, bytes);
    ++shape.records;
  }
}

}  // namespace versus
