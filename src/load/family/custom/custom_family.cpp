#include "load/family/custom/custom_family.h"

#include <algorithm>

#include "load/family/custom/custom_loader.h"
#include "load/family/custom/custom_program.h"
#include "sysbench/placeholders.h"

namespace versus::load {

namespace {

// A workload file's parameter as one representative literal: an integer range's middle, a
// string of its length, a list's first value (text quoted, quotes doubled).
std::string custom_literal(const sysbench::ValueSpec& v) {
  using sysbench::Generator;
  if (v.generator == Generator::string) return "'" + std::string(std::max(0, v.length), 'a') + "'";
  if (v.generator == Generator::list) {
    std::string text = v.values.empty() ? "" : v.values.front(), out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
  }
  if (v.generator == Generator::sequence) return std::to_string(v.min);  // a new id: the first
  return std::to_string(v.min + (v.max - v.min) / 2);
}

// A placeholder's literal: its generator's, or for a value read back (into:), whose type only
// the server knows, '1' (compared with a number or a string column alike).
std::string slot_literal(const sysbench::CustomTransaction& t, const sysbench::CustomStatement& s,
                         const sysbench::ValueSlot& slot) {
  if (!slot.named) return custom_literal(s.params[slot.index]);
  const sysbench::NamedValue& v = t.values[slot.index];
  return v.statement < 0 ? custom_literal(v.value) : "'1'";
}

void add_custom_templates(const sysbench::CustomWorkload& w, std::vector<ExplainTemplate>& out) {
  for (const sysbench::CustomTransaction& t : w.transactions)
    for (const sysbench::CustomStatement& s : t.statements) {
      std::vector<std::string> literals;
      if (s.slots.empty())
        for (const sysbench::ValueSpec& p : s.params) literals.push_back(custom_literal(p));
      for (const sysbench::ValueSlot& slot : s.slots) literals.push_back(slot_literal(t, s, slot));
      out.push_back({w.name, s.name, sysbench::with_literals(s.sql, literals)});
    }
}

class CustomFamily final : public WorkloadFamily {
 public:
  const sysbench::FamilyTraits& traits() const override {
    return sysbench::workload_file_traits();
  }

  // The files come with the request (TableRequest::files): a file without tables of its own
  // runs on sbtest1..N.
  void choose_tables(const std::vector<sysbench::Workload>&, const TableShape& shape,
                     LoadSpec& spec) const override {
    for (const auto& file : spec.custom)
      if (file && file->tables.empty()) spec.tables = shape.tables;
  }
  void add_table_names(const LoadSpec& spec, std::vector<std::string>& names) const override {
    for (const auto& w : spec.custom)
      for (const auto& t : w->tables) names.push_back(t.name);
  }
  Expected<void> load(const LoadSpec& spec) const override {
    for (const auto& w : spec.custom)
      if (auto ok = custom::load_custom_tables(spec, *w); !ok) return ok;
    return {};
  }
  Expected<void> drop(client::Connection& conn, const LoadSpec& spec) const override {
    for (const auto& w : spec.custom)
      if (auto ok = custom::drop_custom_tables(conn, *w); !ok) return ok;
    return {};
  }
  // Each file's name and whole text, and the data files its tables are filled from.
  std::string identity(const LoadSpec& l) const override {
    std::string out;
    for (const auto& w : l.custom) {
      out += "workload file " + w->name + "\n" + w->text + "\n";
      for (const auto& t : w->tables)  // the files a table is filled from, by what they hold
        if (!t.data_key.empty()) out += "data of " + t.name + " " + t.data_key + "\n";
    }
    return out;
  }
  bool owns_table(std::string_view) const override { return false; }

  // Its statements by name, in file order, then BEGIN, COMMIT and ROLLBACK (before a retried
  // transaction).
  std::vector<std::string_view> statement_classes(const WorkloadMix& mix, bool) const override {
    std::vector<std::string_view> names;
    if (!mix.custom) return names;
    for (const auto& t : mix.custom->transactions)
      for (const auto& s : t.statements) names.emplace_back(s.name);
    for (std::string_view frame : {"BEGIN", "COMMIT", "ROLLBACK"}) names.push_back(frame);
    return names;
  }
  std::vector<int> statements_per_transaction(const WorkloadMix&) const override { return {}; }
  std::vector<std::string_view> kind_names(const WorkloadMix& mix) const override {
    std::vector<std::string_view> names;
    if (mix.custom)
      for (const auto& t : mix.custom->transactions) names.emplace_back(t.name);
    return names;
  }
  void add_explain_templates(const LoadSpec& load, const sysbench::StatementCounts&,
                             std::vector<ExplainTemplate>& out) const override {
    for (const auto& w : load.custom) add_custom_templates(*w, out);
  }

  std::unique_ptr<TransactionProgram> program(const SessionConfig& c) const override {
    return std::make_unique<custom::CustomProgram>(c.mix.custom);
  }
  // sbtest1..N, as sysbench's mixes read them.
  Expected<PrewarmResult> prewarm(client::Connection& conn,
                                  const SessionConfig& c) const override {
    return prewarm_tables(conn, c.tables, false);
  }
};

}  // namespace

const WorkloadFamily& custom_family() {
  static const CustomFamily family;
  return family;
}

}  // namespace versus::load
