#pragma once
// `versus bench [prepare|run|cleanup]`: the load engine alone against a server that is
// already running, with sysbench's names and defaults. The password comes from
// --defaults-file ([client] password=..., a 0600 file) or $VERSUS_PASSWORD, never argv.
#include <cstdint>
#include <functional>
#include <string>

#include "sysbench/rand_type.h"
#include "sysbench/statement_counts.h"

namespace CLI {
class App;
}

namespace versus::cli {

struct BenchArgs {
  std::string action = "run";  // prepare | run | cleanup
  std::string host = "127.0.0.1";
  unsigned port = 3306;
  std::string socket;  // preferred over host/port when set
  std::string user = "root";
  std::string database = "sbtest";
  std::string defaults_file;
  std::string workload = "oltp_read_write";
  std::string engine = "innodb";  // prepare only
  int tables = 1;
  std::int64_t table_size = 10000;
  int threads = 1;
  int client_threads = 0;  // threads multiplexing the connections; 0: automatic
  std::string duration;    // default 10s (sysbench's --time), or none with --max-requests
  std::uint64_t max_requests = 0;
  std::uint64_t rate = 0;          // transactions/s over all connections (sysbench --rate); 0: none
  int report_interval = 0;         // seconds between progress lines on stderr; 0: none
  std::string warmup = "0s";       // or steady (load/steady_state.h)
  std::string warmup_max = "60s";  // --warmup steady: the longest warmup
  bool prewarm = false;            // read the tables into the cache first (load/prewarm.h)
  std::string format = "text";     // text | json
  bool status_deltas = false;
  bool efficiency = false;           // --efficiency: the server's and versus's cost per transaction
  int server_pid = 0;                // --server-pid: the server measured; 0: from its @@pid_file
  sysbench::StatementCounts counts;  // --point-selects ... --range-size, as the matrix keys
  std::string rand_type = "special";
  sysbench::RandSpec rand;  // --rand-spec-pct, --rand-spec-res, --rand-pareto-h (type: above)
};

int bench_command(const BenchArgs& args);

// Registers the subcommand; when it is chosen, `action` runs it.
void add_bench_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
