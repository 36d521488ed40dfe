#pragma once
// Why a statement's result may differ between two runs, or two releases, by its nature rather
// than by a change: read from its text alone (quoted strings, identifiers in backquotes and
// comments do not count). The reasons:
//   - time: NOW(), SYSDATE(), CURRENT_TIMESTAMP, CURDATE(), UNIX_TIMESTAMP() without an
//     argument, UTC_TIMESTAMP and their kin: the clock;
//   - random: RAND(), UUID(), UUID_SHORT(), SYS_GUID();
//   - session: CONNECTION_ID(), LAST_INSERT_ID(), FOUND_ROWS(), ROW_COUNT(), USER(),
//     CURRENT_USER and their kin: the connection's own state or account;
//   - release: VERSION(), @@version...: the server names itself;
//   - limit: LIMIT without ORDER BY at the same level: which rows is the server's choice (the
//     order of unordered rows alone does not count: result checksums ignore it);
//   - concat order: GROUP_CONCAT without ORDER BY inside it;
//   - floating point: AVG, SUM, STD/STDDEV*, VARIANCE, VAR_*: a floating-point sum may add in
//     another order; compare such a class's values with a relative tolerance
//     (row_checksum.h: values_match) rather than by checksum.
// Pure.
#include <string>
#include <string_view>
#include <vector>

namespace versus::load::replay {

enum class NondeterminismKind { time, random, session, release, limit, concat_order, floating };

struct Nondeterminism {
  NondeterminismKind kind;
  std::string reason;  // short, for a report: "calls NOW()", "LIMIT without ORDER BY"
  bool operator==(const Nondeterminism&) const = default;
};

// The reasons, each once, in the order the statement shows them; none for a statement whose
// result depends on the data alone.
std::vector<Nondeterminism> nondeterminism_of(std::string_view statement);

// Whether the statement states the order of its rows: ORDER BY at its outer level (not in a
// sub-query, a window or GROUP_CONCAT, all inside parentheses). Its rows are then compared in
// order (OrderedChecksum), else as a set (UnorderedChecksum).
bool orders_rows(std::string_view statement);

// Whether any reason asks for a tolerant comparison rather than a difference reported
// (floating) — the others make any difference expected.
bool wants_tolerance(const std::vector<Nondeterminism>& reasons);

}  // namespace versus::load::replay
