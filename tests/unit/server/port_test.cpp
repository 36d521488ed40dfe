#include "server/port.h"

#include <catch2/catch.hpp>
#include <string>

using versus::server::port_was_taken;

namespace {
// What ServerProcess::start reports when the server exits during startup.
std::string start_error(const std::string& log_tail) {
  return "the server exited during startup; its error log ends:\n" + log_tail;
}
}  // namespace

TEST_CASE("a server that could not bind its TCP port: another port may work", "[port]") {
  // MariaDB 10.11's own lines.
  CHECK(port_was_taken(start_error(
      "2025-01-01  0:00:00 0 [ERROR] Can't start server: Bind on TCP/IP port. Got error: 98: "
      "Address already in use\n"
      "2025-01-01  0:00:00 0 [ERROR] Do you already have another server running on port: 41234 ?\n"
      "2025-01-01  0:00:00 0 [ERROR] Aborting")));
  // MySQL 8's.
  CHECK(port_was_taken(start_error(
      "2025-01-01T00:00:00.000000Z 0 [ERROR] [MY-010262] [Server] Can't start server: Bind on "
      "TCP/IP port: Address already in use")));
  CHECK(port_was_taken("bind(): Address already in use"));
}

TEST_CASE("other start errors are not a taken port: retrying on another would fail alike",
          "[port]") {
  CHECK_FALSE(port_was_taken(start_error(
      "2025-01-01  0:00:00 0 [ERROR] Can't start server : Bind on unix socket: Address already "
      "in use\n"
      "2025-01-01  0:00:00 0 [ERROR] Do you already have another server running on socket: "
      "/tmp/r/sock ?")));
  CHECK_FALSE(port_was_taken(
      start_error("2025-01-01  0:00:00 0 [ERROR] InnoDB: Unable to lock ./ibdata1 error: 11\n"
                  "2025-01-01  0:00:00 0 [ERROR] Aborting")));
  CHECK_FALSE(port_was_taken(start_error("[ERROR] mariadbd: unknown variable 'no_such=1'")));
  CHECK_FALSE(port_was_taken("the server did not accept connections within 60 s"));
  CHECK_FALSE(port_was_taken(""));
}
