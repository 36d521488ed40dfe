#pragma once
// `versus bench [prepare|run|cleanup]`: the load engine alone against a server that is
// already running, with sysbench's names and defaults. The password comes from
// --defaults-file ([client] password=..., a 0600 file) or $VERSUS_PASSWORD, never argv.
#include <functional>
#include <string>

#include "run/bench_run.h"

namespace CLI {
class App;
}

namespace versus::cli {

// The command line's options: plain values as run/bench_run.h takes them, plus the output.
struct BenchArgs : run::BenchOptions {
  std::string format = "text";  // text | json
};

int bench_command(const BenchArgs& args);

// Registers the subcommand; when it is chosen, `action` runs it.
void add_bench_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
