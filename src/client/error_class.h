#pragma once
// The one boundary where database errors are classified (as sysbench's check_error()).
#include <vector>

namespace versus::client {

enum class ErrorClass {
  ignorable,  // one of the ignored errors (by default deadlock 1213, lock wait timeout 1205,
              // 1020 record changed): retry, count
  reconnect,  // 2006 server gone away, 2013 lost connection: reconnect, re-prepare, count
  fatal,      // anything else: the cell fails with the server's message
};

// sysbench 1.0's default --mysql-ignore-errors: 1213, 1020, 1205.
const std::vector<unsigned>& default_ignored_errors();

// `ignored` replaces the default list, as --mysql-ignore-errors does in sysbench (a list
// naming 2006 or 2013 makes them ignorable: retried on the same connection).
ErrorClass classify_error(unsigned mysql_errno,
                          const std::vector<unsigned>& ignored = default_ignored_errors());

}  // namespace versus::client
