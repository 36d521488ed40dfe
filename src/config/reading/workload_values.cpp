#include "config/reading/workload_values.h"

#include <fmt/format.h>

#include <cctype>
#include <algorithm>
#include <map>
#include <set>

#include "sysbench/placeholders.h"

namespace versus::config {
namespace {

using sysbench::CustomTransaction;
using sysbench::NamedValue;
using sysbench::Placeholder;
using sysbench::ValueSlot;
using sysbench::ValueSpec;

// A planned step's parameters and the columns a statement reads back (load/step/statement.h
// Statement::kMaxParams, kMaxResults).
constexpr std::size_t kMaxSlots = 10;
constexpr std::size_t kMaxInto = 6;

// What follows `:` in SQL: a letter or _, then letters, digits and _.
bool is_sql_name(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// A LIMIT or OFFSET count drawn by `v`: the server takes non-negative integers only.
std::string limit_problem(const ValueSpec& v) {
  if (sysbench::is_text_generator(v.generator))
    return fmt::format("a LIMIT count takes a non-negative integer, but generator {} draws text",
                       quote(sysbench::generator_name(v.generator)));
  if (v.min < 0)
    return fmt::format("a LIMIT count takes a non-negative integer, but min is {}", v.min);
  return "";
}

// Resolves one transaction's names, statement by statement: a statement sees its
// transaction's params and the into: names of the statements before it.
class Resolver {
 public:
  Resolver(CustomTransaction& t, const std::vector<StatementPlace>& statements, Problems& problems)
      : t_(t), statements_(statements), problems_(problems) {}

  bool add_value(NamedValue v, const EntryPlace& at) {
    if (!is_sql_name(v.name)) {
      problems_.add(at.line, at.path,
                    "expected a letter or _, then letters, digits and _ (it follows : in the "
                    "SQL), got " + quote(v.name));
      return false;
    }
    const auto [it, inserted] = index_.emplace(v.name, t_.values.size());
    if (!inserted) {
      problems_.add(at.line, at.path,
                    fmt::format("value {} is also at line {}", quote(v.name), places_[it->second].line));
      return false;
    }
    t_.values.push_back(std::move(v));
    places_.push_back(at);
    used_.push_back(false);
    return true;
  }

  bool statement(std::size_t j) {
    sysbench::CustomStatement& s = t_.statements[j];
    const StatementPlace& at = statements_[j];
    bool ok = true;
    std::size_t question = 0;
    const auto marks = sysbench::placeholders(s.sql);
    for (const Placeholder& p : marks) ok = slot(p, j, question) && ok;
    if (marks.size() > kMaxSlots) {
      problems_.add(at.sql_line, at.at.path + ".sql",
                    fmt::format("{} placeholders (? and :name); at most {}", marks.size(), kMaxSlots));
      ok = false;
    }
    s.sql = sysbench::with_question_marks(s.sql);
    return into(j) && ok;
  }

  // Every value some statement uses.
  bool all_used() const {
    bool ok = true;
    for (std::size_t i = 0; i < t_.values.size(); ++i) {
      if (used_[i] || mentioned_.count(t_.values[i].name)) continue;
      const std::string& name = t_.values[i].name;
      problems_.add(places_[i].line, places_[i].path,
                    fmt::format("value {} is not used: no {}statement of the transaction has :{}",
                                quote(name), t_.values[i].statement < 0 ? "" : "later ", name));
      ok = false;
    }
    return ok;
  }

 private:
  bool slot(const Placeholder& p, std::size_t j, std::size_t& question) {
    sysbench::CustomStatement& s = t_.statements[j];
    if (p.name.empty()) {
      const std::size_t q = question++;
      s.slots.push_back({false, q});
      return !p.in_limit || q >= s.params.size() || limit_ok(s.params[q], j);
    }
    const auto it = index_.find(std::string(p.name));
    if (it == index_.end()) return unknown(p.name, j);
    used_[it->second] = true;
    s.slots.push_back({true, it->second});
    const NamedValue& v = t_.values[it->second];
    return !p.in_limit || v.statement >= 0 || limit_ok(v.value, j);
  }

  bool limit_ok(const ValueSpec& v, std::size_t j) {
    const std::string problem = limit_problem(v);
    if (problem.empty()) return true;
    problems_.add(statements_[j].sql_line, statements_[j].at.path + ".sql", problem);
    return false;
  }

  // A `:name` no param or earlier into: gives: read later, or unknown (did you mean).
  bool unknown(std::string_view name, std::size_t j) {
    const StatementPlace& at = statements_[j];
    mentioned_.emplace(name);
    for (std::size_t k = j; k < statements_.size(); ++k)
      for (const std::string& later : statements_[k].into)
        if (later == name) {
          problems_.add(at.sql_line, at.at.path + ".sql",
                        k == j ? fmt::format(":{} is read by this statement's into:, after it runs", name)
                               : fmt::format(":{} is read by the into: of statement {} (line {}), "
                                             "which runs after this one",
                                             name, quote(t_.statements[k].name), statements_[k].sql_line));
          return false;
        }
    std::vector<std::string_view> known;
    for (const auto& [n, i] : index_) known.push_back(n);
    problems_.add(at.sql_line, at.at.path + ".sql",
                  fmt::format("transaction {} has no value {}: name it in the transaction's "
                              "params: or an earlier statement's into:{}",
                              quote(t_.name), quote(name), suggestion(name, known)));
    return false;
  }

  bool into(std::size_t j) {
    const StatementPlace& at = statements_[j];
    const EntryPlace place{at.at.path + ".into", at.into_line};
    if (at.into.size() > kMaxInto) {
      problems_.add(place.line, place.path,
                    fmt::format("{} names; at most {} (the columns of a row read back)",
                                at.into.size(), kMaxInto));
      return false;
    }
    bool ok = true;
    for (std::size_t c = 0; c < at.into.size(); ++c) {
      const std::size_t index = t_.values.size();
      if (!add_value({at.into[c], {}, static_cast<int>(j), c}, place)) {
        ok = false;
        continue;
      }
      t_.statements[j].into.push_back(index);
    }
    return ok;
  }

  CustomTransaction& t_;
  const std::vector<StatementPlace>& statements_;
  Problems& problems_;
  std::map<std::string, std::size_t, std::less<>> index_;  // name -> index into t_.values
  std::vector<EntryPlace> places_;                         // per value: where it is named
  std::vector<bool> used_;
  std::set<std::string, std::less<>> mentioned_;  // used before a later into: names it
};

}  // namespace

bool resolve_named_values(CustomTransaction& t, const std::vector<EntryPlace>& params,
                          const std::vector<StatementPlace>& statements, Problems& problems) {
  std::vector<NamedValue> drawn = std::move(t.values);
  t.values.clear();
  Resolver r(t, statements, problems);
  bool ok = true;
  for (std::size_t i = 0; i < drawn.size(); ++i) {
    const EntryPlace at{params[i].path + ".name", params[i].line};
    ok = r.add_value(std::move(drawn[i]), at) && ok;
  }
  for (std::size_t j = 0; j < t.statements.size(); ++j) ok = r.statement(j) && ok;
  return r.all_used() && ok;
}

bool order_by_references(std::vector<sysbench::CustomTable>& tables,
                         const std::vector<EntryPlace>& places, Problems& problems) {
  std::map<std::string, std::size_t> by_name;
  for (std::size_t i = 0; i < tables.size(); ++i) by_name.emplace(tables[i].name, i);
  for (auto& t : tables)
    for (std::string& name : sysbench::referenced_tables(t.create))
      if (name != t.name && by_name.count(name)) t.references.push_back(std::move(name));
  std::vector<bool> placed(tables.size(), false);
  std::vector<std::size_t> order;
  auto ready = [&](std::size_t i) {
    for (const std::string& r : tables[i].references)
      if (!placed[by_name.at(r)]) return false;
    return true;
  };
  while (order.size() < tables.size()) {
    std::size_t next = 0;
    while (next < tables.size() && (placed[next] || !ready(next))) ++next;
    if (next == tables.size()) break;
    placed[next] = true;
    order.push_back(next);
  }
  if (order.size() < tables.size()) {
    std::string names;
    std::size_t first = tables.size();
    for (std::size_t i = 0; i < tables.size(); ++i)
      if (!placed[i]) {
        names += (names.empty() ? "" : ", ") + quote(tables[i].name);
        first = std::min(first, i);
      }
    problems.add(places[first].line, places[first].path + ".create",
                 "the foreign keys of " + names + " form a cycle: no order creates each table "
                 "after the tables it references");
    return false;
  }
  std::vector<sysbench::CustomTable> sorted;
  for (std::size_t i : order) sorted.push_back(std::move(tables[i]));
  tables = std::move(sorted);
  return true;
}

}  // namespace versus::config
