#include "cli/agent_command.h"

#include <unistd.h>

#include <iostream>

#include "remote/agent.h"
#include "util/log.h"

namespace versus::cli {

void add_agent_command(CLI::App& app, std::function<int()>& action) {
  static remote::AgentOptions options;
  auto* cmd = app.add_subcommand(
      "agent", "On a server's host: serve a run's requests (run starts it over ssh)");
  cmd->add_option("--workdir", options.workdir, "Its work directory on this host (absolute)")
      ->required();
  cmd->callback([&] {
    action = [] {
      log::set_verbosity(log::Verbosity::verbose);  // every event to stderr: the client keeps it
      return remote::run_agent(options, STDIN_FILENO, std::cout);
    };
  });
}

}  // namespace versus::cli
