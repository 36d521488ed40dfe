#include "host/server_diagnosis.h"

#include <fmt/format.h>

#include "client/connection.h"
#include "util/pid.h"

namespace versus::host {

namespace {
// A result set as text: a header line, then a line per row, columns separated by " | ".
std::string table_text(const client::ResultTable& t) {
  std::string out;
  for (std::size_t i = 0; i < t.names.size(); ++i) out += (i ? " | " : "") + t.names[i];
  out += '\n';
  for (const auto& row : t.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? " | " : "") + row[i];
    out += '\n';
  }
  return out;
}

std::string statements_text(const DiagnosisSource& s) {
  client::Connection::Options o;
  o.timeout = s.deadline;
  o.deadline = s.deadline;
  auto conn = client::Connection::open(s.admin, o);
  if (!conn)
    return fmt::format("== SHOW FULL PROCESSLIST, SHOW ENGINE INNODB STATUS\n(no answer within {} s: "
                       "{})\n",
                       s.deadline.count(), conn.error().message);
  std::string out;
  struct Query {
    const char* sql;
    bool report;  // one row whose third column is the report itself (INNODB STATUS)
  };
  for (const Query& q : {Query{"SHOW FULL PROCESSLIST", false},
                         Query{"SHOW ENGINE INNODB STATUS", true}}) {
    const char* sql = q.sql;
    out += fmt::format("== {}\n", sql);
    auto t = conn->query_table(sql);
    if (!t) {
      out += fmt::format("(no answer within {} s: {})\n", s.deadline.count(), t.error().message);
      break;  // the connection is lost after a timeout
    }
    const bool report = q.report && t->rows.size() == 1 && t->rows[0].size() == 3;
    out += report ? t->rows[0][2] + "\n" : table_text(*t);
  }
  return out;
}
}  // namespace

std::string process_state_line(pid_t pid) {
  const char state = process_state(pid);
  if (pid <= 0 || state == 0) return "";
  const auto threads = thread_states(pid);
  std::string places;
  for (const auto& t : threads) places += (places.empty() ? "" : ", ") + t;
  return fmt::format("pid {}, state {} ({}); its threads: {}", pid, state, process_state_words(state),
                     places.empty() ? "none read" : places);
}

std::string diagnose_server(const DiagnosisSource& s) {
  std::string out;
  if (const std::string line = process_state_line(s.local_pid); !line.empty())
    out += "== the server's process\n" + line + "\n";
  out += statements_text(s);
  if (s.log_tail) out += "== the error log ends\n" + s.log_tail() + "\n";
  return out;
}

}  // namespace versus::host
