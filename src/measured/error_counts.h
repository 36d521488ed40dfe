#pragma once
// Operations on the errors a load met, by code and kind (measured/measurement.h): merged
// across client threads, summed per kind, named as results.json and the reports name them.
#include <cstdint>
#include <string_view>

#include "measured/measurement.h"

namespace versus::measured {

// Adds `from` to `into` per (kind, code): counts summed, the message `into` had kept (else
// from's). The result is ordered by kind, then code.
void merge_errors(ErrorCounts& into, const ErrorCounts& from);

// The sum of the counts of one kind.
std::uint64_t errors_of_kind(const ErrorCounts& counts, ErrorKind kind);

// "retried", "reconnected", "fatal": the kind's name in results.json and the reports.
std::string_view error_kind_name(ErrorKind kind);

// The entry of (code, kind) in `counts`, or nullptr.
ErrorCount* find_error(ErrorCounts& counts, unsigned code, ErrorKind kind);

}  // namespace versus::measured
