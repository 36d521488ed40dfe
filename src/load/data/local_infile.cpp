#include "load/data/local_infile.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

namespace versus::load {

namespace {
// Connector/C's reads ask for `len` bytes; a line that does not fit waits in `pending`.
struct Stream {
  LineSource* lines = nullptr;
  std::vector<char> pending;  // max_line() bytes, allocated once per statement
  std::size_t pending_at = 0, pending_end = 0;
  std::uint64_t sent = 0;  // lines written
};

int stream_init(void** ptr, const char*, void* userdata) {
  *ptr = userdata;
  return 0;
}

int stream_read(void* ptr, char* buf, unsigned len) {
  auto& s = *static_cast<Stream*>(ptr);
  const std::size_t max_line = s.pending.size();
  std::size_t n = 0;
  while (n < len) {
    if (s.pending_at == s.pending_end) {
      if (s.lines->done()) break;
      ++s.sent;
      if (len - n >= max_line) {  // the common case: straight into buf
        n += s.lines->write_line(buf + n);
        continue;
      }
      s.pending_at = 0;
      s.pending_end = s.lines->write_line(s.pending.data());
    }
    std::size_t take = std::min<std::size_t>(len - n, s.pending_end - s.pending_at);
    std::memcpy(buf + n, s.pending.data() + s.pending_at, take);
    s.pending_at += take;
    n += take;
  }
  return static_cast<int>(n);
}

// The sysbench rows of a RowSource as lines.
class SysbenchLines : public LineSource {
 public:
  SysbenchLines(RowSource& rows, bool with_id) : rows_(rows), with_id_(with_id) {}
  bool done() const override { return rows_.done(); }
  std::size_t max_line() const override { return RowSource::kMaxRowText; }
  std::size_t write_line(char* out) override { return rows_.write_line(out, with_id_); }

 private:
  RowSource& rows_;
  bool with_id_;
};

void stream_end(void*) {}

int stream_error(void*, char* msg, unsigned len) {
  std::snprintf(msg, len, "versus row stream failed");
  return 1;
}

// The server refused LOCAL: disabled on its side (1148 MySQL 5 / MariaDB before 10.5,
// 4166 MariaDB 10.5+, 3948 MySQL 8) or the client's capability is off (2068).
bool is_refusal(unsigned err) {
  return err == 1148 || err == 4166 || err == 3948 || err == 2068;
}

// LOAD DATA turns a malformed value into a warning and stores something else: the load
// must store every row it sent, untouched.
Expected<InfileOutcome> check_stored(client::Connection& conn, std::uint64_t sent) {
  auto stored = static_cast<std::uint64_t>(mysql_affected_rows(conn.handle()));
  unsigned warnings = mysql_warning_count(conn.handle());
  if (stored == sent && warnings == 0) return InfileOutcome::loaded;
  return fail("LOAD DATA stored " + std::to_string(stored) + " of " + std::to_string(sent) +
              " rows, with " + std::to_string(warnings) + " warnings");
}
}  // namespace

std::string load_lines_sql(const std::string& table, std::string_view columns) {
  return "LOAD DATA LOCAL INFILE 'versus-generated-rows' INTO TABLE " + table +
         " FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n' (" + std::string(columns) + ")";
}

std::string load_data_sql(const std::string& table, RowIds ids) {
  return load_lines_sql(table, ids == RowIds::sent ? "id, k, c, pad" : "k, c, pad");
}

namespace {
Expected<InfileOutcome> send_lines(client::Connection& conn, const std::string& sql,
                                   LineSource& lines) {
  Stream stream;
  stream.lines = &lines;
  stream.pending.resize(lines.max_line());
  mysql_set_local_infile_handler(conn.handle(), stream_init, stream_read, stream_end, stream_error,
                                 &stream);
  // Not Connection::execute: draining result sets would reset the affected-row count.
  const bool ok = mysql_real_query(conn.handle(), sql.data(), sql.size()) == 0;
  mysql_set_local_infile_default(conn.handle());
  if (!ok) {
    if (stream.sent == 0 && is_refusal(conn.last_errno())) return InfileOutcome::refused;
    return fail(conn.last_error() + " in: " + sql.substr(0, 200));
  }
  return check_stored(conn, stream.sent);
}
}  // namespace

Expected<InfileOutcome> load_lines(client::Connection& conn, const std::string& table,
                                   std::string_view columns, LineSource& lines) {
  return send_lines(conn, load_lines_sql(table, columns), lines);
}

Expected<InfileOutcome> load_data_local(client::Connection& conn, const std::string& table,
                                        RowSource& rows, RowIds ids) {
  SysbenchLines lines(rows, ids == RowIds::sent);
  return send_lines(conn, load_data_sql(table, ids), lines);
}

}  // namespace versus::load
