#include "server/port.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

namespace versus::server {

Expected<unsigned> find_free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return fail(std::string("socket: ") + std::strerror(errno));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
  int err = errno;
  ::close(fd);
  if (!ok) return fail(std::string("cannot find a free port: ") + std::strerror(err));
  return static_cast<unsigned>(ntohs(addr.sin_port));
}

namespace {
bool has(const std::string& line, const char* what) {
  return line.find(what) != std::string::npos;
}
}  // namespace

// Line by line: "Bind on unix socket: Address already in use" is the socket's path, which a
// fresh port does not change.
bool port_was_taken(const std::string& start_error) {
  std::istringstream in(start_error);
  std::string line;
  while (std::getline(in, line))
    if (has(line, "Bind on TCP/IP port") ||
        (has(line, "Address already in use") && !has(line, "unix socket")))
      return true;
  return false;
}

}  // namespace versus::server
