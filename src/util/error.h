#pragma once
// Error: a failure as a value. Callers add context as it travels up; only the CLI
// decides what it means for the exit status.
#include <string>
#include <utility>

namespace versus {

struct Error {
  std::string message;
  unsigned code = 0;  // the server's or client library's error number behind it, if any

  // Prefixes "what: " so the outermost caller's context reads first.
  Error& context(const std::string& what) {
    message = what + ": " + message;
    return *this;
  }
};

}  // namespace versus
