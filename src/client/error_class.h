#pragma once
// The one boundary where database errors are classified (as sysbench's check_error()).
namespace versus::client {

enum class ErrorClass {
  ignorable,  // deadlock 1213, lock wait timeout 1205, 1020 record changed: retry, count
  reconnect,  // 2006 server gone away, 2013 lost connection: reconnect, re-prepare, count
  fatal,      // anything else: the cell fails with the server's message
};

ErrorClass classify_error(unsigned mysql_errno);

}  // namespace versus::client
