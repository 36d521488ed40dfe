#pragma once
// Endpoint: where and as whom a client connects. The password lives only in memory
// (or a 0600 option file); it never goes into argv or logs.
#include <string>

namespace versus::client {

struct Endpoint {
  std::string host = "127.0.0.1";  // used when socket is empty
  unsigned port = 3306;
  std::string socket;  // Unix socket path; preferred when set
  std::string user = "root";
  std::string password;
  std::string database;  // may be empty
  // Human-readable target for messages; never includes the password.
  std::string describe() const {
    return socket.empty() ? user + "@" + host + ":" + std::to_string(port) : user + "@" + socket;
  }
};

}  // namespace versus::client
