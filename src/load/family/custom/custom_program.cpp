#include "load/family/custom/custom_program.h"

#include <fmt/format.h>

#include <algorithm>

#include "load/family/custom/new_ids.h"
#include "load/family/custom/value_source.h"
#include "load/step/statement.h"

namespace versus::load::custom {
namespace {

// The start of the n-th NUL-ended part of a step's text, and its end.
std::pair<std::size_t, std::size_t> text_part_bounds(const std::string& text, std::size_t n) {
  std::size_t start = 0;
  for (; n > 0 && start < text.size(); --n) start = std::min(text.find('\0', start), text.size()) + 1;
  start = std::min(start, text.size());
  return {start, std::min(text.find('\0', start), text.size())};
}

std::vector<sysbench::ValueSlot> slots_of(const sysbench::CustomStatement& s) {
  if (!s.slots.empty()) return s.slots;
  std::vector<sysbench::ValueSlot> out;
  for (std::size_t i = 0; i < s.params.size(); ++i) out.push_back({false, i});
  return out;
}

}  // namespace

CustomProgram::CustomProgram(std::shared_ptr<const sysbench::CustomWorkload> workload)
    : workload_(std::move(workload)) {
  std::uint32_t sum = 0;
  std::size_t most_values = 0;
  auto note_new_ids = [&](const sysbench::ValueSpec& v) {
    if (v.generator == sysbench::Generator::sequence)
      new_ids_.emplace(&v, &new_id_counter(workload_->name, v));
  };
  for (std::size_t k = 0; k < workload_->transactions.size(); ++k) {
    const auto& t = workload_->transactions[k];
    cumulative_.push_back(sum += static_cast<std::uint32_t>(t.weight));
    first_class_.push_back(shapes_.size());
    std::vector<bool> text;
    for (const auto& v : t.values) {
      text.push_back(v.statement < 0 && sysbench::is_text_generator(v.value.generator));
      if (v.statement < 0) note_new_ids(v.value);
    }
    value_text_.push_back(std::move(text));
    most_values = std::max(most_values, t.values.size());
    for (const auto& s : t.statements) {
      Shape shape{&s, k, slots_of(s), false};
      for (const auto& slot : shape.slots)
        shape.reads = shape.reads || (slot.named && t.values[slot.index].statement >= 0);
      reads_back_ = reads_back_ || shape.reads || !s.into.empty();
      for (const auto& v : s.params) note_new_ids(v);
      shapes_.push_back(std::move(shape));
    }
  }
  statements_.resize(shapes_.size());
  value_ints_.resize(most_values);
  value_texts_.resize(most_values);
}

bool CustomProgram::slot_is_text(const Shape& shape, const sysbench::ValueSlot& slot) const {
  if (slot.named) return value_text_[shape.transaction][slot.index];
  return sysbench::is_text_generator(shape.statement->params[slot.index].generator);
}

// A statement without placeholders nor into: may go as text where it cannot be prepared.
// Prepared in file order, so a value read back has its type before a later statement uses it.
Expected<void> CustomProgram::prepare_statement(MYSQL* m, std::size_t klass) {
  const Shape& shape = shapes_[klass];
  const sysbench::CustomStatement& s = *shape.statement;
  Prepared& p = statements_[klass];
  p = {};
  if (shape.slots.empty() && s.into.empty()) return detail::prepare_or_text(m, s.sql, p.statement, p.text);
  std::vector<ParamType> types;
  for (const auto& slot : shape.slots)
    types.push_back(slot_is_text(shape, slot) ? ParamType::step_text : ParamType::integer);
  auto prepared = Statement::prepare(m, s.sql, std::move(types),
                                     std::vector<ResultType>(s.into.size(), ResultType::declared));
  if (!prepared) return fail(prepared.error());
  p.statement = std::move(*prepared);
  for (std::size_t c = 0; c < s.into.size(); ++c)
    value_text_[shape.transaction][s.into[c]] = p.statement->result_type(c) == ResultType::text;
  return {};
}

Expected<void> CustomProgram::prepare(MYSQL* m) {
  for (std::size_t klass = 0; klass < shapes_.size(); ++klass)
    if (auto ok = prepare_statement(m, klass); !ok) {
      const sysbench::CustomStatement& s = *shapes_[klass].statement;
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

long long CustomProgram::draw_int(const sysbench::ValueSpec& v, Random& rng) {
  if (v.generator != sysbench::Generator::sequence) return ValueSource(v).draw_int(rng);
  const auto it = new_ids_.find(&v);
  return it == new_ids_.end() ? v.min : it->second->fetch_add(1, std::memory_order_relaxed);
}

void CustomProgram::draw_text(const sysbench::ValueSpec& v, Random& rng, std::string& out) {
  const ValueSource source(v);
  const std::size_t at = out.size();
  out.resize(at + source.max_text());
  out.resize(at + source.draw_text(rng, out.data() + at));
}

void CustomProgram::draw_values(const sysbench::CustomTransaction& t, Random& rng) {
  for (std::size_t i = 0; i < t.values.size(); ++i) {
    const sysbench::NamedValue& v = t.values[i];
    if (v.statement >= 0) continue;  // read back while the transaction runs
    if (sysbench::is_text_generator(v.value.generator)) {
      value_texts_[i].clear();
      draw_text(v.value, rng, value_texts_[i]);
    } else {
      value_ints_[i] = draw_int(v.value, rng);
    }
  }
}

void CustomProgram::add_frame(StepList& steps, const Prepared& p, std::size_t klass) {
  Step& step = steps.add(p.statement.get(), p.statement ? std::string_view{} : p.text);
  step.klass = static_cast<StatementClass>(klass);
}

// A value read back is left 0 or empty here: before_step fills it.
void CustomProgram::add_statement(StepList& steps, Random& rng, std::size_t klass) {
  const Prepared& p = statements_[klass];
  const Shape& shape = shapes_[klass];
  Step& step = steps.add(p.statement.get(), p.statement ? std::string_view{} : p.text);
  step.klass = static_cast<StatementClass>(klass);
  std::size_t ints = 0;
  for (const sysbench::ValueSlot& slot : shape.slots) {
    const bool text = slot_is_text(shape, slot);
    if (!slot.named) {
      const sysbench::ValueSpec& v = shape.statement->params[slot.index];
      if (text) draw_text(v, rng, step.text);
      else step.ints[ints++] = draw_int(v, rng);
    } else if (text) {
      step.text.append(value_texts_[slot.index]);
    } else {
      step.ints[ints++] = value_ints_[slot.index];
    }
    if (text) step.text.push_back('\0');  // ends this parameter's part (Session::bind)
  }
}

void CustomProgram::plan(StepList& steps, Random& rng, bool after_error) {
  kind_ = kind_for(rng.uniform(1, cumulative_.back()));
  const auto k = static_cast<std::size_t>(kind_);
  const auto& t = workload_->transactions[k];
  const std::size_t frames = statements_.size();  // BEGIN, COMMIT, ROLLBACK follow the statements
  if (after_error && t.in_transaction) add_frame(steps, rollback_, frames + 2);
  if (t.in_transaction) add_frame(steps, begin_, frames);
  draw_values(t, rng);
  for (std::size_t i = 0; i < t.statements.size(); ++i) add_statement(steps, rng, first_class_[k] + i);
  if (t.in_transaction) add_frame(steps, commit_, frames + 1);
}

// Fills the step's values read back by earlier statements, in slot order.
bool CustomProgram::before_step(std::size_t, Step& step) {
  if (step.klass >= shapes_.size() || !shapes_[step.klass].reads) return true;
  const Shape& shape = shapes_[step.klass];
  const auto& values = workload_->transactions[shape.transaction].values;
  std::size_t ints = 0, texts = 0;
  for (const sysbench::ValueSlot& slot : shape.slots) {
    const bool text = slot_is_text(shape, slot);
    const bool read = slot.named && values[slot.index].statement >= 0;
    if (read && text) {
      const auto [start, end] = text_part_bounds(step.text, texts);
      step.text.replace(start, end - start, value_texts_[slot.index]);
    } else if (read) {
      step.ints[ints] = value_ints_[slot.index];
    }
    if (text) ++texts;
    else ++ints;
  }
  return true;
}

// Keeps the columns its into: names, from its first row (none: 0 or empty).
void CustomProgram::after_step(std::size_t, const Step& step) {
  if (step.klass >= shapes_.size() || !step.statement) return;
  const sysbench::CustomStatement& s = *shapes_[step.klass].statement;
  for (std::size_t c = 0; c < s.into.size(); ++c) {
    const std::size_t v = s.into[c];
    if (step.statement->result_type(c) == ResultType::text)
      value_texts_[v].assign(step.statement->result_text(c));
    else
      value_ints_[v] = step.statement->result_int(c);
  }
}

}  // namespace versus::load::custom
