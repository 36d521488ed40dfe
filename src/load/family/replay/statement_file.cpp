#include "load/family/replay/statement_file.h"

#include "util/sql_script.h"

namespace versus::load::replay {
namespace {

std::string_view statement_trimmed(std::string_view s) {
  const std::size_t from = s.find_first_not_of(" \t\r\n");
  if (from == std::string_view::npos) return {};
  return s.substr(from, s.find_last_not_of(" \t\r\n") - from + 1);
}

}  // namespace

Expected<void> StatementFileReader::split_pending(bool at_end) {
  bool unterminated = false;
  const auto statements = split_sql_script(pending_, &unterminated);
  if (at_end && unterminated) {
    const int line =
        statements.empty() ? pending_line_ : pending_line_ + statements.back().line - 1;
    return fail(lines_.file() + ":" + std::to_string(line) +
                ": the statement that starts here never ends (a quote or a /* comment is "
                "left open)");
  }
  for (const auto& s : statements) {
    LoggedQuery q;
    q.text = std::string(statement_trimmed(s.text));
    q.line = pending_line_ + s.line - 1;
    ready_.push_back(std::move(q));
  }
  pending_.clear();
  return {};
}

Expected<std::optional<LoggedQuery>> StatementFileReader::next() {
  std::string line;
  while (ready_.empty()) {
    auto got = lines_.next(line);
    if (!got) return fail(got.error());
    if (!*got) {
      if (auto r = split_pending(true); !r) return fail(r.error());
      if (ready_.empty()) return std::optional<LoggedQuery>();
      break;
    }
    if (pending_.empty()) pending_line_ = lines_.number();
    pending_.append(line).push_back('\n');
    if (statement_trimmed(line).ends_with(";") && ends_statement(pending_))
      if (auto r = split_pending(false); !r) return fail(r.error());
  }
  LoggedQuery q = std::move(ready_.front());
  ready_.pop_front();
  return std::optional<LoggedQuery>(std::move(q));
}

}  // namespace versus::load::replay
