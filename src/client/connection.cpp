#include "client/connection.h"

namespace versus::client {

std::string Connection::last_error() const {
  return "error " + std::to_string(last_errno()) + ": " + mysql_error(mysql_.get());
}

Connection::Options Connection::options_for(Role role) {
  switch (role) {
    case Role::admin:
      return {.timeout = std::chrono::seconds(5), .deadline = kAdminDeadline};
    case Role::check:
      return {.timeout = std::chrono::seconds(5), .deadline = kCheckDeadline};
    case Role::bulk:
      return {.timeout = std::chrono::seconds(0), .deadline = std::chrono::seconds(0)};
  }
  return {};
}

Expected<Connection> Connection::open(const Endpoint& ep, const Options& o) {
  MYSQL* m = mysql_init(nullptr);
  if (!m) return fail("mysql_init: out of memory");
  Connection conn(m);
  auto timeout = static_cast<unsigned>(o.timeout.count());
  if (timeout > 0) mysql_optionsv(m, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
  auto deadline = static_cast<unsigned>(o.deadline.count());
  if (deadline > 0) {
    mysql_optionsv(m, MYSQL_OPT_READ_TIMEOUT, &deadline);
    mysql_optionsv(m, MYSQL_OPT_WRITE_TIMEOUT, &deadline);
  }
  if (o.nonblocking) mysql_options(m, MYSQL_OPT_NONBLOCK, nullptr);  // default stack size
  unsigned infile = o.local_infile ? 1 : 0;
  mysql_optionsv(m, MYSQL_OPT_LOCAL_INFILE, &infile);
  // Never read the system's option files: only what we pass here counts.
  unsigned protocol = ep.socket.empty() ? MYSQL_PROTOCOL_TCP : MYSQL_PROTOCOL_SOCKET;
  mysql_optionsv(m, MYSQL_OPT_PROTOCOL, &protocol);
  const char* db = ep.database.empty() ? nullptr : ep.database.c_str();
  const char* sock = ep.socket.empty() ? nullptr : ep.socket.c_str();
  const char* host = sock ? "localhost" : ep.host.c_str();
  if (!mysql_real_connect(m, host, ep.user.c_str(), ep.password.c_str(), db, ep.port, sock, 0))
    return fail("cannot connect to " + ep.describe() + ": " + conn.last_error());
  return conn;
}

Expected<void> Connection::execute(std::string_view sql) {
  if (mysql_real_query(handle(), sql.data(), sql.size()) != 0)
    return fail(last_error() + " in: " + std::string(sql.substr(0, 200)));
  // Drain every result set so the connection is ready for the next statement; an error may
  // come in place of a result (see query_table) or of a later statement's.
  int next = 0;
  do {
    if (MYSQL_RES* res = mysql_store_result(handle()))
      mysql_free_result(res);
    else if (mysql_errno(handle()) != 0)
      return fail(last_error() + " in: " + std::string(sql.substr(0, 200)));
  } while ((next = mysql_next_result(handle())) == 0);
  if (next > 0) return fail(last_error() + " in: " + std::string(sql.substr(0, 200)));
  return {};
}

Expected<ResultTable> Connection::query_table(std::string_view sql) {
  if (mysql_real_query(handle(), sql.data(), sql.size()) != 0)
    return fail(last_error() + " in: " + std::string(sql.substr(0, 200)));
  std::unique_ptr<MYSQL_RES, decltype(&mysql_free_result)> res(mysql_store_result(handle()),
                                                               &mysql_free_result);
  ResultTable table;
  // No result: a statement without one, or an error the server sent in place of the rows
  // (MariaDB's EXPLAIN FORMAT=JSON of an unknown column: the query is accepted, the error
  // comes with the result).
  if (!res && mysql_errno(handle()) != 0)
    return fail(last_error() + " in: " + std::string(sql.substr(0, 200)));
  if (!res) return table;
  unsigned n = mysql_num_fields(res.get());
  const MYSQL_FIELD* fields = mysql_fetch_fields(res.get());
  for (unsigned i = 0; i < n; ++i) table.names.emplace_back(fields[i].name);
  while (MYSQL_ROW r = mysql_fetch_row(res.get())) {
    Row row;
    for (unsigned i = 0; i < n; ++i) row.emplace_back(r[i] ? r[i] : "");
    table.rows.push_back(std::move(row));
  }
  return table;
}

Expected<std::vector<Row>> Connection::query(std::string_view sql) {
  auto table = query_table(sql);
  if (!table) return fail(table.error());
  return std::move(table->rows);
}

Expected<std::string> Connection::query_value(std::string_view sql) {
  auto rows = query(sql);
  if (!rows) return fail(rows.error());
  if (rows->empty() || rows->front().empty())
    return fail("no value from: " + std::string(sql.substr(0, 200)));
  return rows->front().front();
}

}  // namespace versus::client
