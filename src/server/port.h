#pragma once
// Ports for the servers versus starts: a free one on 127.0.0.1 (the kernel picks it), and
// how to tell that a server could not start because its port was taken meanwhile.
#include <functional>
#include <string>

#include "util/expected.h"

namespace versus::server {

// A TCP port on 127.0.0.1 that nothing listens on right now. Another process may take it
// before the server binds it: callers retry on a fresh port (see port_was_taken).
Expected<unsigned> find_free_port();

// Chooses the port of each server start; find_free_port, unless a test injects its own.
using PortPicker = std::function<Expected<unsigned>()>;

// True when a server's start error (its error log's tail) says it could not bind its TCP
// port: "Bind on TCP/IP port" or "Address already in use". A fresh port may then work;
// any other start error would fail again the same way.
bool port_was_taken(const std::string& start_error);

}  // namespace versus::server
