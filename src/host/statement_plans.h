#pragma once
// Statement plans: EXPLAIN of every statement template (load/family/explain_template.h) on an
// instance, right after ANALYZE TABLE (host/table_statistics.h), so every instance's plans
// come from current statistics alike; recorded per instance (results/record/statement_plan.h).
// FORMAT=JSON where the release has it, else the tabular form. A statement the release cannot
// explain (EXPLAIN of an UPDATE before MySQL 5.6) records the server's error and the rest go on.
#include <string>
#include <vector>

#include "client/connection.h"
#include "load/family/explain_template.h"
#include "results/record/statement_plan.h"
#include "server/release.h"

namespace versus::host {

// The version of how plans are recorded: raised whenever that changes, so instances cached
// with plans recorded the older way are prepared again (run/instance_cache.h).
inline constexpr int kPlansVersion = 1;

// Whether the release has EXPLAIN FORMAT=JSON: MySQL and Percona from 5.6.5, MariaDB from 10.1.
bool has_json_explain(const server::VersionInfo& release);

// "EXPLAIN FORMAT=JSON <sql>" or "EXPLAIN <sql>", as the release has it.
std::string explain_statement(const server::VersionInfo& release, const std::string& sql);

// The statement that makes this session's EXPLAIN FORMAT=JSON the classic shape (a
// query_block; results/record/statement_plan.h reads it) on releases whose default may be another:
// MySQL and Percona from 8.3.0 have explain_json_format_version, and MySQL 9.7.4 defaults to
// 2 (an iterator tree: "query_plan", "inputs"). Empty for the others.
std::string json_format_statement(const server::VersionInfo& release);

// A tabular result as results::StatementPlan::raw keeps it: the column names, then each row,
// one line each, tab-separated (NULL as "NULL").
std::string tabular_text(const client::ResultTable& table);

// A plan from EXPLAIN's result (`format` json: the first row's first column) for `t`; an
// unparsable result is recorded as the plan's error.
results::StatementPlan plan_from_result(const load::ExplainTemplate& t, std::string_view format,
                                        const client::ResultTable& result);

// EXPLAIN of each of `templates` over `admin` in `database` (made its current database). Only
// a failure to use the database is an error; a statement's own failure is its plan's error.
Expected<std::vector<results::StatementPlan>> record_plans(
    client::Connection& admin, const server::VersionInfo& release, const std::string& database,
    const std::vector<load::ExplainTemplate>& templates);

}  // namespace versus::host
