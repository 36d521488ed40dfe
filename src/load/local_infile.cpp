#include "load/local_infile.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace versus::load {

namespace {
// Connector/C's reads ask for `len` bytes; a row that does not fit waits in `pending`.
struct Stream {
  RowSource* rows = nullptr;
  bool with_id = true;
  char pending[RowSource::kMaxRowText] = {};
  std::size_t pending_at = 0, pending_end = 0;
};

int stream_init(void** ptr, const char*, void* userdata) {
  *ptr = userdata;
  return 0;
}

int stream_read(void* ptr, char* buf, unsigned len) {
  auto& s = *static_cast<Stream*>(ptr);
  std::size_t n = 0;
  while (n < len) {
    if (s.pending_at == s.pending_end) {
      if (s.rows->done()) break;
      if (len - n >= RowSource::kMaxRowText) {  // the common case: straight into buf
        n += s.rows->write_line(buf + n, s.with_id);
        continue;
      }
      s.pending_at = 0;
      s.pending_end = s.rows->write_line(s.pending, s.with_id);
    }
    std::size_t take = std::min<std::size_t>(len - n, s.pending_end - s.pending_at);
    std::memcpy(buf + n, s.pending + s.pending_at, take);
    s.pending_at += take;
    n += take;
  }
  return static_cast<int>(n);
}

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

std::string load_data_sql(const std::string& table, RowIds ids) {
  return "LOAD DATA LOCAL INFILE 'versus-generated-rows' INTO TABLE " + table +
         " FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n' " +
         (ids == RowIds::sent ? "(id, k, c, pad)" : "(k, c, pad)");
}

Expected<InfileOutcome> load_data_local(client::Connection& conn, const std::string& table,
                                        RowSource& rows, RowIds ids) {
  Stream stream;
  stream.rows = &rows;
  stream.with_id = ids == RowIds::sent;
  mysql_set_local_infile_handler(conn.handle(), stream_init, stream_read, stream_end, stream_error,
                                 &stream);
  const auto first = rows.next_id();
  // Not Connection::execute: draining result sets would reset the affected-row count.
  const std::string sql = load_data_sql(table, ids);
  const bool ok = mysql_real_query(conn.handle(), sql.data(), sql.size()) == 0;
  mysql_set_local_infile_default(conn.handle());
  if (!ok) {
    if (rows.next_id() == first && is_refusal(conn.last_errno())) return InfileOutcome::refused;
    return fail(conn.last_error() + " in: " + sql);
  }
  return check_stored(conn, static_cast<std::uint64_t>(rows.next_id() - first));
}

}  // namespace versus::load
