// connector_floor: the client memory Connector/C alone needs for N oltp_read_only sessions,
// with nothing of versus in the process. Opens N connections the way versus's load engine
// does (non-blocking API, default coroutine stack, TCP), prepares on each the 7 statements
// sysbench 1.0's oltp_read_only prepares, executes each once, and prints the process's peak
// RSS. bench/connections_vs_sysbench.sh compares it with sysbench's: no client built on
// Connector/C can hold these sessions in less.
//
//   versus_connector_floor --defaults-file F --port P --user U --database D --connections N
#include <mysql.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Args {
  std::string defaults_file, user = "versus", database = "sbtest", host = "127.0.0.1";
  unsigned port = 3306;
  int connections = 1000;
};

// oltp_read_only's statements on table sbtest1 (sysbench 1.0.20 oltp_common.lua).
constexpr const char* kStatements[] = {
    "SELECT c FROM sbtest1 WHERE id=?",
    "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
    "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
    "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
    "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
    "BEGIN",
    "COMMIT",
};

[[noreturn]] void die(const std::string& what) {
  std::fprintf(stderr, "connector_floor: %s\n", what.c_str());
  std::exit(1);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i], value = argv[i + 1];
    if (key == "--defaults-file")
      a.defaults_file = value;
    else if (key == "--port")
      a.port = static_cast<unsigned>(std::atoi(value.c_str()));
    else if (key == "--user")
      a.user = value;
    else if (key == "--database")
      a.database = value;
    else if (key == "--connections")
      a.connections = std::atoi(value.c_str());
    else
      die("unknown option " + key);
  }
  return a;
}

// Peak resident set size of this process, in KB (VmHWM).
long peak_rss_kb() {
  FILE* f = std::fopen("/proc/self/status", "r");
  char line[256];
  long kb = 0;
  while (f && std::fgets(line, sizeof line, f))
    if (std::strncmp(line, "VmHWM:", 6) == 0) kb = std::atol(line + 6);
  if (f) std::fclose(f);
  return kb;
}

// The password comes from the option file's [client] group, never argv.
MYSQL* connect(const Args& a) {
  MYSQL* m = mysql_init(nullptr);
  unsigned protocol = MYSQL_PROTOCOL_TCP;
  mysql_options(m, MYSQL_OPT_NONBLOCK, nullptr);
  mysql_options(m, MYSQL_OPT_PROTOCOL, &protocol);
  if (!a.defaults_file.empty()) mysql_options(m, MYSQL_READ_DEFAULT_FILE, a.defaults_file.c_str());
  mysql_options(m, MYSQL_READ_DEFAULT_GROUP, "client");
  if (!mysql_real_connect(m, a.host.c_str(), a.user.c_str(), nullptr, a.database.c_str(), a.port,
                          nullptr, 0))
    die(std::string("connect: ") + mysql_error(m));
  return m;
}

// Executes once with every parameter 1, reading and dropping any rows.
void execute_once(MYSQL_STMT* stmt) {
  long long one = 1;
  MYSQL_BIND binds[2] = {};
  for (auto& b : binds) {
    b.buffer_type = MYSQL_TYPE_LONGLONG;
    b.buffer = &one;
  }
  if (mysql_stmt_param_count(stmt) > 0 && mysql_stmt_bind_param(stmt, binds))
    die(mysql_stmt_error(stmt));
  if (mysql_stmt_execute(stmt) || mysql_stmt_free_result(stmt)) die(mysql_stmt_error(stmt));
}

void prepare_all(MYSQL* m, std::vector<MYSQL_STMT*>& out) {
  for (const char* sql : kStatements) {
    MYSQL_STMT* stmt = mysql_stmt_init(m);
    if (!stmt || mysql_stmt_prepare(stmt, sql, std::strlen(sql))) die(mysql_error(m));
    execute_once(stmt);
    out.push_back(stmt);
  }
}

}  // namespace

int main(int argc, char** argv) {
  Args a = parse(argc, argv);
  mysql_library_init(0, nullptr, nullptr);
  long before = peak_rss_kb();
  std::vector<MYSQL*> sessions;
  std::vector<MYSQL_STMT*> statements;
  for (int i = 0; i < a.connections; ++i) {
    sessions.push_back(connect(a));
    prepare_all(sessions.back(), statements);
  }
  long peak = peak_rss_kb();
  std::printf("%d %ld %.1f\n", a.connections, peak,
              static_cast<double>(peak - before) / a.connections);
  for (MYSQL_STMT* s : statements) mysql_stmt_close(s);
  for (MYSQL* m : sessions) mysql_close(m);
  mysql_library_end();
  return 0;
}
