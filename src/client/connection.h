#pragma once
// Connection: one libmysqlclient (MariaDB Connector/C) session, closed on destruction.
#include <mysql.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "client/endpoint.h"
#include "util/expected.h"

namespace versus::client {

using Row = std::vector<std::string>;  // NULL reads as ""

class Connection {
 public:
  // connect_timeout 0 sets none. Connector/C puts the socket in non-blocking mode whenever
  // a timeout is set, and then every read is recv, poll, recv: load sessions pass 0.
  // local_infile: allow LOAD DATA LOCAL (the loader installs its own handler; no file is read).
  static Expected<Connection> open(const Endpoint& endpoint,
                                   std::chrono::seconds connect_timeout = std::chrono::seconds(5),
                                   bool local_infile = false);

  // Runs a statement and discards any result set.
  Expected<void> execute(std::string_view sql);
  // Runs a query and returns all rows; for small administrative result sets only.
  Expected<std::vector<Row>> query(std::string_view sql);
  // The first column of the first row, or an error when there is none.
  Expected<std::string> query_value(std::string_view sql);

  MYSQL* handle() const { return mysql_.get(); }
  unsigned last_errno() const { return mysql_errno(mysql_.get()); }
  std::string last_error() const;

 private:
  struct Closer {
    void operator()(MYSQL* m) const { mysql_close(m); }
  };
  explicit Connection(MYSQL* m) : mysql_(m) {}
  std::unique_ptr<MYSQL, Closer> mysql_;
};

}  // namespace versus::client
