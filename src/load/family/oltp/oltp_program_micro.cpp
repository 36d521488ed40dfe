// OltpProgram, microbenchmarks: each transaction is the workload's one statement
// (load/family/oltp/micro_statements.h) on a random table, without BEGIN/COMMIT, as
// sysbench's single-statement workloads run.
#include <algorithm>
#include <string>
#include <vector>

#include "load/family/oltp/micro_statements.h"
#include "load/data/schema.h"
#include "load/family/oltp/oltp_tables.h"

namespace versus::load {

namespace {
// The parameters of `sql` in form `f`: all integers (an IN-list's too), after a random c.
std::vector<ParamType> micro_params(const std::string& sql, MicroForm f) {
  const auto n = static_cast<std::size_t>(std::count(sql.begin(), sql.end(), '?'));
  std::vector<ParamType> params(n, ParamType::integer);
  if (f == MicroForm::prepared_c && n > 0) params.front() = ParamType::c_text;
  return params;
}
}  // namespace

// The statement, prepared on every table, or kept as text when its form is text.
Expected<void> OltpProgram::prepare_micro(MYSQL* m) {
  const MicroStatement& s = micro_statement(*config_.mix.micro());
  const int list_size = micro_list_size(s, config_.mix);
  for (int t = 1; t <= config_.tables; ++t) {
    auto ts = std::make_unique<TableStatements>();
    ts->name = table_name(t);
    std::string sql = micro_sql(s, ts->name, list_size);
    if (s.form == MicroForm::text) {
      ts->micro_text = std::move(sql);
    } else {
      auto params = micro_params(sql, s.form);
      auto ps = Statement::prepare(m, std::move(sql), std::move(params));
      if (!ps) return fail(ps.error());
      ts->micro = std::move(*ps);
    }
    tables_.push_back(std::move(ts));
  }
  return {};
}

// One statement; its values drawn into the step's list (no allocation after the first).
void OltpProgram::plan_micro() {
  const MicroStatement& s = micro_statement(*config_.mix.micro());
  TableStatements& t = random_table();
  add(0, t.micro.get(), {});  // the workload's only class (statement_classes)
  if (s.form == MicroForm::text) (*steps_)[steps_->size() - 1].text = t.micro_text;
  const MicroShape shape{config_.table_size, config_.mix.range_size,
                         micro_list_size(s, config_.mix)};
  draw_micro_values(s.values, shape, *rng_, (*steps_)[steps_->size() - 1].list);
}

}  // namespace versus::load
