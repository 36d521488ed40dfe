#include "load/family/replay/query_log.h"

#include "load/family/replay/general_log.h"
#include "load/family/replay/log_lines.h"
#include "load/family/replay/slow_log.h"
#include "load/family/replay/statement_file.h"

namespace versus::load::replay {

std::string_view format_name(LogFormat format) {
  switch (format) {
    case LogFormat::slow:
      return "slow log";
    case LogFormat::general:
      return "general log";
    case LogFormat::statements:
      return "statements";
  }
  return "statements";
}

LogFormat detect_format(std::string_view head) {
  std::size_t at = 0;
  while (at < head.size()) {
    std::size_t end = head.find('\n', at);
    if (end == std::string_view::npos) end = head.size();
    const std::string_view line = head.substr(at, end - at);
    at = end + 1;
    if (line.empty() || is_log_banner(line)) continue;
    if (line.starts_with("# Time: ") || line.starts_with("# User@Host: ")) return LogFormat::slow;
    return parse_general_entry(line) ? LogFormat::general : LogFormat::statements;
  }
  return LogFormat::statements;
}

std::unique_ptr<QueryLogReader> open_query_log(std::istream& in, std::string file,
                                               LogFormat format) {
  switch (format) {
    case LogFormat::slow:
      return std::make_unique<SlowLogReader>(in, std::move(file));
    case LogFormat::general:
      return std::make_unique<GeneralLogReader>(in, std::move(file));
    case LogFormat::statements:
      break;
  }
  return std::make_unique<StatementFileReader>(in, std::move(file));
}

}  // namespace versus::load::replay
