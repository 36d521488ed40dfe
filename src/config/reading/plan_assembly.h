#pragma once
// Plan assembly: moves the converted top-level fields into their Plan members.
#include <string>

#include "config/plan/plan.h"
#include "config/reading/conversion.h"

namespace versus::config {

// The Plan of a matrix whose top-level keys converted without a problem; `source` names the
// file. Consumes the fields' values.
Plan assemble_plan(Fields& fields, const std::string& source);

}  // namespace versus::config
