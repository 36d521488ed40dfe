#pragma once
// Table statistics: every instance's optimizer statistics made current, the same way on every
// flavour and engine, right after its load and before its snapshot. Without this a
// comparison can measure a race instead of a release: InnoDB recalculates statistics in the
// background after a bulk load, and an instance stopped before that ran keeps stale ones
// (MySQL 9.7.4: full scans for the range queries in one instance, range scans in another);
// MySQL 8.0+ also caches information_schema's table sizes (information_schema_stats_expiry,
// 86400 s), so DATA_LENGTH would read a few pages for a loaded table.
#include <string>
#include <vector>

#include "client/connection.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::host {

// "ANALYZE TABLE `db`.`t1`, `db`.`t2`" (one statement: one round trip).
std::string analyze_statement(const std::string& database, const std::vector<std::string>& tables);

// ANALYZE TABLE's result rows (Table, Op, Msg_type, Msg_text): an error when any row's
// Msg_type is "error" (e.g. "Table 'sbtest.x' doesn't exist"), naming the table.
Expected<void> check_analyze_rows(const std::vector<client::Row>& rows);

// The statement that makes information_schema.TABLES read the engine's current figures,
// for the releases that cache them (MySQL/Percona 8.0 and later); empty for the others.
std::string stats_expiry_statement(const server::VersionInfo& release);

// Runs ANALYZE TABLE on `tables` over `admin` and, where the release caches table sizes,
// turns that cache off for this session, so that the sizes read next are current.
Expected<void> refresh_statistics(client::Connection& admin, const server::VersionInfo& release,
                                  const std::string& database,
                                  const std::vector<std::string>& tables);

}  // namespace versus::host
