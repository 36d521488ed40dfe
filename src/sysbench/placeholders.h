#pragma once
// Where a workload file's SQL has its `?` parameter placeholders: outside quotes ('...',
// "...", `...`), backslash escapes and comments (#, "-- ", /* */), as the server reads them.
// Pure.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace versus::sysbench {

// The offsets of `sql`'s placeholders, in order.
std::vector<std::size_t> placeholder_offsets(std::string_view sql);

// `sql` with its placeholders replaced by `literals`, in order (inserted as given: quote text
// yourself); placeholders beyond the literals stay `?`.
std::string with_literals(std::string_view sql, const std::vector<std::string>& literals);

}  // namespace versus::sysbench
