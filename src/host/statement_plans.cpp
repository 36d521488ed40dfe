#include "host/statement_plans.h"

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
  for (const load::ExplainTemplate& t : templates) {
    auto result = admin.query_table(explain_statement(release, t.sql));
    if (result) {
      plans.push_back(plan_from_result(t, format, *result));
      continue;
    }
    results::StatementPlan failed{t.statements, t.statement_class, t.sql, std::string(format), "",
                                  admin.last_error(), {}};
    plans.push_back(std::move(failed));
  }
  return plans;
}

}  // namespace versus::host
