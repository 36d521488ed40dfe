#pragma once
// `versus agent --workdir DIR`: the side of a run on a server's host (remote/agent.h), started
// there over ssh by the client; not for people to run.
#include <CLI/CLI.hpp>
#include <functional>

namespace versus::cli {

void add_agent_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
