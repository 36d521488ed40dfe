#pragma once
// The statements of a replayed log that are EXPLAINed on every instance: per class whose first
// execution is a read EXPLAIN accepts (SELECT or WITH, not INTO OUTFILE/DUMPFILE), that
// execution's text as the log has it (its literals), in the database the log says it ran in,
// named by its class so that each release's plan of the class is recorded
// (host/statement_plans.h) and a changed plan is named beside the class's timing. Pure.
#include <string_view>
#include <vector>

#include "load/family/explain_template.h"
#include "load/family/replay/replay_script.h"

namespace versus::load::replay {

// Whether EXPLAIN accepts the statement as the log has it: its first word SELECT or WITH, and
// it only reads (statement_rules.h). SHOW, SET, USE, BEGIN, ... are not explained.
bool explainable(std::string_view statement);

// One template per class of `script` whose first execution (in the order of the connections,
// then of their statements) is explainable, in the order of the classes, `statements` (the
// cells' workload name) as their owner. The database: the statement's own (the log's), else the
// last one its connection selected, else "" (the instance's). The classes the replay adds (a
// USE, a retry's ROLLBACK) and the class that gathers the classes beyond the limit are left out.
std::vector<ExplainTemplate> class_explain_templates(const ReplayScript& script,
                                                     std::string_view statements);

}  // namespace versus::load::replay
