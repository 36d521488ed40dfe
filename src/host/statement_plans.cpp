#include "host/statement_plans.h"

#include <chrono>

#include "util/log.h"

namespace versus::host {

bool has_json_explain(const server::VersionInfo& release) {
  if (release.flavour == server::Flavour::mariadb) return release.version >= server::Version{10, 1, 0};
  return release.version >= server::Version{5, 6, 5};
}

std::string explain_statement(const server::VersionInfo& release, const std::string& sql) {
  return (has_json_explain(release) ? "EXPLAIN FORMAT=JSON " : "EXPLAIN ") + sql;
}

std::string json_format_statement(const server::VersionInfo& release) {
  if (release.flavour == server::Flavour::mariadb || release.version < server::Version{8, 3, 0})
    return "";
  return "SET SESSION explain_json_format_version = 1";
}

std::string tabular_text(const client::ResultTable& table) {
  auto line = [](const client::Row& row) {
    std::string text;
    for (std::size_t i = 0; i < row.size(); ++i)
      text += (i ? "\t" : "") + (row[i].empty() ? std::string("NULL") : row[i]);
    return text + "\n";
  };
  std::string text = line(table.names);
  for (const client::Row& row : table.rows) text += line(row);
  return text;
}

results::StatementPlan plan_from_result(const load::ExplainTemplate& t, std::string_view format,
                                        const client::ResultTable& result) {
  results::StatementPlan plan{t.statements, t.statement_class, t.sql, std::string(format), "", "",
                              {}};
  if (format == results::kJsonFormat)
    plan.raw = result.rows.empty() || result.rows.front().empty() ? "" : result.rows.front().front();
  else
    plan.raw = tabular_text(result);
  auto shape = results::plan_shape(format, plan.raw);
  if (shape)
    plan.shape = std::move(*shape);
  else
    plan.error = shape.error().message;
  return plan;
}

namespace {
// Makes `wanted` the session's database unless `current` already is; false when USE failed
// (then the session's database is unknown: `current` is cleared).
bool in_database(client::Connection& admin, const std::string& wanted, std::string& current) {
  if (wanted == current) return true;
  std::string quoted;
  for (char ch : wanted) quoted += ch == '`' ? std::string("``") : std::string(1, ch);
  if (auto ok = admin.execute("USE `" + quoted + "`"); !ok) {
    current.clear();
    return false;
  }
  current = wanted;
  return true;
}
}  // namespace

Expected<std::vector<results::StatementPlan>> record_plans(
    client::Connection& admin, const server::VersionInfo& release, const std::string& database,
    const std::vector<load::ExplainTemplate>& templates) {
  std::vector<results::StatementPlan> plans;
  if (templates.empty()) return plans;
  if (auto ok = admin.execute("USE `" + database + "`"); !ok)
    return fail(ok.error().context("explaining the statements"));
  // Where it fails, EXPLAIN's JSON is the other shape, and each plan records why it cannot be
  // read: the instance goes on.
  if (auto sql = json_format_statement(release); !sql.empty())
    if (auto set = admin.execute(sql); !set) log::warn("{}: {}", sql, set.error().message);
  const std::string_view format =
      has_json_explain(release) ? results::kJsonFormat : results::kTabularFormat;
  std::string current = database;
  const auto started = std::chrono::steady_clock::now();
  for (const load::ExplainTemplate& t : templates) {
    const bool in_place = in_database(admin, t.database.empty() ? database : t.database, current);
    auto result = in_place ? admin.query_table(explain_statement(release, t.sql))
                           : Expected<client::ResultTable>(fail(admin.last_error()));
    if (result) {
      plans.push_back(plan_from_result(t, format, *result));
      continue;
    }
    results::StatementPlan failed{t.statements, t.statement_class, t.sql, std::string(format), "",
                                  admin.last_error(), {}};
    plans.push_back(std::move(failed));
  }
  // What EXPLAIN costs an instance (a replayed log's classes are up to 250 of them).
  log::info("EXPLAIN of {} statements: {} ms", templates.size(),
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  started)
                .count());
  return plans;
}

}  // namespace versus::host
