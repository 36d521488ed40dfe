#include "measured/error_counts.h"

#include <algorithm>

namespace versus::measured {

namespace {
bool error_before(const ErrorCount& a, const ErrorCount& b) {
  return a.kind != b.kind ? a.kind < b.kind : a.code < b.code;
}
}  // namespace

ErrorCount* find_error(ErrorCounts& counts, unsigned code, ErrorKind kind) {
  for (ErrorCount& c : counts)
    if (c.code == code && c.kind == kind) return &c;
  return nullptr;
}

void merge_errors(ErrorCounts& into, const ErrorCounts& from) {
  for (const ErrorCount& f : from) {
    if (ErrorCount* c = find_error(into, f.code, f.kind)) {
      c->count += f.count;
      if (c->message.empty()) c->message = f.message;
    } else {
      into.push_back(f);
    }
  }
  std::sort(into.begin(), into.end(), error_before);
}

std::uint64_t errors_of_kind(const ErrorCounts& counts, ErrorKind kind) {
  std::uint64_t n = 0;
  for (const ErrorCount& c : counts)
    if (c.kind == kind) n += c.count;
  return n;
}

std::string_view error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::retried:
      return "retried";
    case ErrorKind::reconnected:
      return "reconnected";
    case ErrorKind::fatal:
      return "fatal";
  }
  return "retried";
}

}  // namespace versus::measured
