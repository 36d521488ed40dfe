#include "load/tally/error_tally.h"

#include <string>

namespace versus::load {

void ErrorTally::add(unsigned code, measured::ErrorKind kind, std::string_view message) {
  if (measured::ErrorCount* c = measured::find_error(counts_, code, kind)) {
    ++c->count;
    return;
  }
  counts_.push_back({code, kind, 1, std::string(message)});
}

}  // namespace versus::load
