#include "load/family/replay/draw_list.h"

#include <algorithm>
#include <string>

#include "load/family/replay/statement_rules.h"

namespace versus::load::replay {
namespace {

// The tables any connection of the script creates as TEMPORARY, lower-cased.
std::vector<std::string> temporary_tables(const ReplayScript& script) {
  std::vector<std::string> names;
  for (const ScriptConnection& c : script.connections)
    for (const ScriptStatement& s : c.statements)
      if (std::string name = temporary_table(s.text); !name.empty()) names.push_back(name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

// Whether the statement at `i` of `c` lies inside a captured transaction.
std::vector<bool> in_transactions(const ScriptConnection& c) {
  std::vector<bool> inside(c.statements.size(), false);
  for (const ScriptUnit& u : c.units)
    if (u.transaction)
      for (std::size_t i = u.first; i < u.first + u.count && i < inside.size(); ++i)
        inside[i] = true;
  return inside;
}

bool drawable(const ScriptStatement& s, const std::vector<std::string>& temporary) {
  if (!stateless(s.text)) return false;
  return std::none_of(temporary.begin(), temporary.end(),
                      [&s](const std::string& name) { return mentions(s.text, name); });
}

}  // namespace

std::vector<ScriptDraw> draw_list(const ReplayScript& script) {
  const std::vector<std::string> temporary = temporary_tables(script);
  std::vector<ScriptDraw> out;
  for (std::size_t ci = 0; ci < script.connections.size(); ++ci) {
    const ScriptConnection& c = script.connections[ci];
    const std::vector<bool> inside = in_transactions(c);
    std::string current;  // the database the connection is in, as far as the log says
    for (std::size_t i = 0; i < c.statements.size(); ++i) {
      const ScriptStatement& s = c.statements[i];
      if (!s.db.empty()) current = s.db;
      if (!inside[i] && drawable(s, temporary)) out.push_back({ci, i, current});
      if (!s.use.empty()) current = s.use;
    }
  }
  return out;
}

}  // namespace versus::load::replay
