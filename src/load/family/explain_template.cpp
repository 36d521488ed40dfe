#include "load/family/explain_template.h"

#include "load/family/registry.h"

namespace versus::load {

std::vector<ExplainTemplate> explain_templates(const LoadSpec& load,
                                               const sysbench::StatementCounts& counts) {
  std::vector<ExplainTemplate> out;
  for (const WorkloadFamily* f : families()) f->add_explain_templates(load, counts, out);
  return out;
}

std::string bind_literals(std::string_view sql, std::string_view table,
                          const std::vector<std::string>& literals) {
  std::string out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    if (sql.compare(i, 2, "{}") == 0) {
      out += table;
      ++i;
    } else if (sql[i] == '?' && next < literals.size()) {
      out += literals[next++];
    } else {
      out += sql[i];
    }
  }
  return out;
}

}  // namespace versus::load
