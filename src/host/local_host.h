#pragma once
// LocalHost: a ServerHost (host/server_host.h) on this machine. Instances live in a run
// directory's instances/, every start is journalled in its servers.pids, and its servers are
// ServerProcesses (server/server_process.h). It is what a run uses for a server here and what
// `versus agent` (remote/agent.h) uses on a server's host to carry out the client's requests.
#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "host/run_directory.h"
#include "host/server_host.h"
#include "server/port.h"

namespace versus::host {

// A server this machine runs: a ServerProcess, with what the agent reads of it besides.
class LocalServer final : public StartedServer {
 public:
  LocalServer(server::Release release, std::unique_ptr<server::ServerProcess> process,
              server::Timeouts timeouts);

  using StartedServer::stop;
  Expected<void> stop(std::chrono::milliseconds limit) override { return process_->stop(limit); }
  bool died() override;
  std::string log_tail() override;
  Expected<load::UsageProbe> open_probe(const client::Endpoint& admin) override;
  bool kill_now() override {
    process_->kill_now();
    return true;
  }
  pid_t local_server_pid() const override { return process_->server_pid(); }
  client::Endpoint admin_endpoint() const override { return process_->admin_endpoint(); }
  // Over the socket when `socket`, else 127.0.0.1 and its port.
  client::Endpoint bench_endpoint(const std::string& password, bool socket) const override;
  // The benchmark account at 127.0.0.1 and localhost.
  Expected<void> create_accounts(const std::string& password) override;

  // `user` with every privilege at each of `hosts` (server/account.h: create_account).
  Expected<void> create_account(const std::string& user, const std::string& password,
                                const std::vector<std::string>& hosts, bool grant_option);
  pid_t safe_pid() const { return process_->safe_pid(); }
  bool running() const { return process_->running(); }
  // This machine's CPU times, CPUs and the server's process tree, read now.
  load::ServerSide server_side() const;

 private:
  server::Release release_;
  std::unique_ptr<server::ServerProcess> process_;
  pid_t started_pid_;  // the server's pid once it was ready
};

class LocalHost final : public ServerHost {
 public:
  // Instances under `run`'s instances/ and starts journalled there; without a run directory
  // (an agent not claimed by a run yet) nothing is journalled and configure() fails. Ports come
  // from `pick_port` (tests inject one that hands out a taken port).
  explicit LocalHost(std::optional<RunDirectory> run,
                     server::PortPicker pick_port = server::find_free_port);

  HostCapabilities capabilities() const override { return {true, true, true, true}; }
  std::string where() const override { return ""; }
  Expected<Configured> configure(const std::string& instance, server::MyCnfInput cnf) override;
  bool has_template(const std::filesystem::path& template_dir) const override;
  Expected<std::uint64_t> initialize(const server::Release& release,
                                     const server::InstancePaths& paths,
                                     const std::filesystem::path& template_dir) override;
  Expected<std::unique_ptr<StartedServer>> start(const ServerStart& start) override;
  Expected<void> copy_datadir(const std::filesystem::path& from,
                              const std::filesystem::path& to) override;
  Expected<std::filesystem::path> keep_snapshot(const server::InstancePaths& paths) override;
  Expected<void> remove(const std::filesystem::path& path) override;
  void keep_error_log(const std::filesystem::path& log,
                      const std::filesystem::path& local) override;
  Expected<void> read_file_sizes(const std::filesystem::path& datadir, const std::string& database,
                                 std::uint64_t shared_before,
                                 results::DataSizeRecord& record) override;

  // start() as this machine's server, for the agent that answers questions about it.
  Expected<std::unique_ptr<LocalServer>> start_here(const ServerStart& start);
  // A TCP port free on this machine now (pick_port's).
  Expected<unsigned> free_port() const;
  // The instance directory at paths.dir (0700) with its tmp and empty data directories, and
  // `my_cnf` written to paths.defaults_file (0600).
  Expected<void> write_instance_dir(const server::InstancePaths& paths, const std::string& my_cnf);
  // Replaces `to` with the tree `from`, renamed.
  Expected<void> replace_tree(const std::filesystem::path& from, const std::filesystem::path& to);

 private:
  Expected<void> keep_template(const server::InstancePaths& paths,
                               const std::filesystem::path& template_dir);

  std::optional<RunDirectory> run_;
  server::PortPicker pick_port_;
};

}  // namespace versus::host
