#include "load/family/custom/custom_program.h"

#include <fmt/format.h>

#include <algorithm>

#include "load/family/custom/value_source.h"
#include "load/step/statement.h"

namespace versus::load::custom {

CustomProgram::CustomProgram(std::shared_ptr<const sysbench::CustomWorkload> workload)
    : workload_(std::move(workload)) {
  std::uint32_t sum = 0;
  std::size_t klass = 0;
  for (const auto& t : workload_->transactions) {
    cumulative_.push_back(sum += static_cast<std::uint32_t>(t.weight));
    first_class_.push_back(klass);
    klass += t.statements.size();
  }
  statements_.resize(klass);
}

Expected<void> CustomProgram::prepare(MYSQL* m) {
  std::size_t klass = 0;
  for (const auto& t : workload_->transactions)
    for (const auto& s : t.statements) {
      Prepared& p = statements_[klass++];
      p = {};
      Expected<void> ok;
      if (s.params.empty()) {
        ok = detail::prepare_or_text(m, s.sql, p.statement, p.text);
      } else {
        std::vector<ParamType> types;
        for (const auto& v : s.params)
          types.push_back(sysbench::is_text_generator(v.generator) ? ParamType::step_text
                                                                   : ParamType::integer);
        auto prepared = Statement::prepare(m, s.sql, std::move(types));
        if (prepared)
          p.statement = std::move(*prepared);
        else
          ok = fail(prepared.error());
      }
      if (!ok)
        return fail(fmt::format("{}:{}: statement '{}' cannot be prepared: {}", workload_->source,
                                s.line, s.name, ok.error().message));
    }
  for (auto [sql, p] : {std::pair{"BEGIN", &begin_}, std::pair{"COMMIT", &commit_},
                        std::pair{"ROLLBACK", &rollback_}}) {
    *p = {};
    if (auto ok = detail::prepare_or_text(m, sql, p->statement, p->text); !ok) return ok;
  }
  return {};
}

int CustomProgram::kind_for(std::uint32_t ticket) const {
  const auto it = std::lower_bound(cumulative_.begin(), cumulative_.end(), ticket);
  return static_cast<int>(std::min<std::ptrdiff_t>(it - cumulative_.begin(),
                                                   static_cast<std::ptrdiff_t>(cumulative_.size()) - 1));
}

void CustomProgram::add_frame(StepList& steps, const Prepared& p, std::size_t klass) {
  Step& step = steps.add(p.statement.get(), p.statement ? std::string_view{} : p.text);
  step.klass = static_cast<StatementClass>(klass);
}

void CustomProgram::add_statement(StepList& steps, Random& rng, std::size_t index,
                                  const sysbench::CustomStatement& s) {
  const Prepared& p = statements_[index];
  Step& step = steps.add(p.statement.get(), p.statement ? std::string_view{} : p.text);
  step.klass = static_cast<StatementClass>(index);
  std::size_t ints = 0;
  for (const sysbench::ValueSpec& v : s.params) {
    const ValueSource source(v);
    if (!source.is_text()) {
      step.ints[ints++] = source.draw_int(rng);
      continue;
    }
    const std::size_t at = step.text.size();
    step.text.resize(at + source.max_text() + 1);
    const std::size_t n = source.draw_text(rng, step.text.data() + at);
    step.text.resize(at + n);
    step.text.push_back('\0');  // ends this parameter's part (Session::bind)
  }
}

void CustomProgram::plan(StepList& steps, Random& rng, bool after_error) {
  kind_ = kind_for(rng.uniform(1, cumulative_.back()));
  const auto& t = workload_->transactions[static_cast<std::size_t>(kind_)];
  const std::size_t frames = statements_.size();  // BEGIN, COMMIT, ROLLBACK follow the statements
  if (after_error && t.in_transaction) add_frame(steps, rollback_, frames + 2);
  if (t.in_transaction) add_frame(steps, begin_, frames);
  for (std::size_t i = 0; i < t.statements.size(); ++i)
    add_statement(steps, rng, first_class_[static_cast<std::size_t>(kind_)] + i, t.statements[i]);
  if (t.in_transaction) add_frame(steps, commit_, frames + 1);
}

}  // namespace versus::load::custom
