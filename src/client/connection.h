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

// A result set with its column names.
struct ResultTable {
  Row names;
  std::vector<Row> rows;
};

class Connection {
 public:
  // How long one read or one write on a connection may wait, by what the connection is for
  // (docs/robustness.md). A read that waits longer fails with error 2013 and the connection
  // is lost. Connector/C puts the socket in non-blocking mode whenever a timeout is set, and
  // then a blocking read is recv, poll, recv: the bulk loaders pass none (the cell's and the
  // instance's watchdog bounds them instead: run/watchdog.h).
  enum class Role {
    admin,  // status, variables, limits, accounts, the usage probe: seconds
    check,  // statements that may take minutes: ANALYZE, a prewarm scan, a consistency check
    bulk,   // LOAD DATA and its kin: no socket timeout, see above
  };
  static constexpr std::chrono::seconds kAdminDeadline{10};
  static constexpr std::chrono::seconds kCheckDeadline{1800};
  struct Options {
    std::chrono::seconds timeout{5};  // connect timeout; 0 sets none
    // Read and write deadline: Role::check's unless set (deadline_for), 0: none.
    std::chrono::seconds deadline{kCheckDeadline};
    // Connector/C's non-blocking API (MYSQL_OPT_NONBLOCK: the *_start/*_cont calls), for
    // load sessions; the blocking calls still work on such a connection.
    bool nonblocking = false;
    // Allow LOAD DATA LOCAL (the loader installs its own handler; no file is read).
    bool local_infile = false;
  };
  static Expected<Connection> open(const Endpoint& endpoint, const Options& options);
  static Expected<Connection> open(const Endpoint& endpoint) { return open(endpoint, Options{}); }
  // The options of a connection for `role`: its connect timeout and its deadline.
  static Options options_for(Role role);
  static Expected<Connection> open(const Endpoint& endpoint, Role role) {
    return open(endpoint, options_for(role));
  }

  // Runs a statement and discards any result set.
  Expected<void> execute(std::string_view sql);
  // Runs a query and returns all rows; for small administrative result sets only.
  Expected<std::vector<Row>> query(std::string_view sql);
  // The same with the result's column names (EXPLAIN's columns differ between releases).
  Expected<ResultTable> query_table(std::string_view sql);
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
