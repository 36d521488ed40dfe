#pragma once
// QueryKind: how sysbench counts a statement it sent (its "read", "write" and "other" queries,
// whose sum over the measured seconds is qps): by the statement's first word, SELECT (or a
// WITH, or a parenthesised SELECT) a read, INSERT, UPDATE, DELETE and REPLACE a write,
// anything else (BEGIN, COMMIT, LOCK TABLES, ...) other. Pure.
#include <cstdint>
#include <string_view>

namespace versus::load {

enum class QueryKind : std::uint8_t { read, write, other };

// The kind of `sql` by its first word, after blanks, comments and opening parentheses.
QueryKind query_kind_of(std::string_view sql);

// The statements of one transaction by kind.
struct QueryCounts {
  std::uint32_t reads = 0, writes = 0, others = 0;
  void add(QueryKind k) {
    ++(k == QueryKind::read ? reads : k == QueryKind::write ? writes : others);
  }
};

}  // namespace versus::load
