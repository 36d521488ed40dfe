#include "load/family/replay/class_explain.h"

#include "load/family/replay/statement_rules.h"

namespace versus::load::replay {

bool explainable(std::string_view statement) {
  const std::string word = first_word(statement);
  return (word == "SELECT" || word == "WITH") && reads_only(statement);
}

std::vector<ExplainTemplate> class_explain_templates(const ReplayScript& script,
                                                     std::string_view statements) {
  // The first execution of each class and the database it ran in.
  std::vector<const ScriptStatement*> first(script.classes.size(), nullptr);
  std::vector<std::string> database(script.classes.size());
  for (const ScriptConnection& c : script.connections) {
    std::string current;
    for (const ScriptStatement& s : c.statements) {
      if (!s.db.empty()) current = s.db;
      if (s.klass < first.size() && first[s.klass] == nullptr) {
        first[s.klass] = &s;
        database[s.klass] = current;
      }
      if (!s.use.empty()) current = s.use;
    }
  }
  std::vector<ExplainTemplate> out;
  for (std::size_t k = 0; k < script.classes.size(); ++k) {
    const std::string& name = script.classes[k];
    if (first[k] == nullptr || name == kOtherClasses || name == kUseClass ||
        name == kRollbackClass || !explainable(first[k]->text))
      continue;
    out.push_back({std::string(statements), name, first[k]->text, database[k]});
  }
  return out;
}

}  // namespace versus::load::replay
