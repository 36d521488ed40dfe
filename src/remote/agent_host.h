#pragma once
// AgentHost: a ServerHost (host/server_host.h) on another machine, every step on its files and
// processes a request to its agent (remote/agent.h, remote/agent_protocol.h), the client
// reaching its servers over TCP at the host's address as the benchmark account and the
// administration account (server::kRemoteAdminUser), both granted to this machine's address
// only. It has none of the local host's capabilities: no socket, no datadir templates, no port
// retry, no instance cache, and its servers' pids are the host's. A started server is stopped
// through the agent when its owner ends; the agent stops whatever is left when its input ends.
#include <functional>
#include <string>

#include "host/server_host.h"
#include "remote/agent_protocol.h"

namespace versus::remote {

class RemoteHost;

// What an AgentHost needs of its agent: one request and its reply's results, and names.
struct AgentLink {
  std::function<Expected<agent::Json>(const std::string& op, agent::Json args)> call;
  std::string host_name;       // hosts[].name
  std::string address;         // where the client connects to the host's servers
  std::string client_address;  // this machine's address as the host sees it
};

// The link of an opened host (its agent session).
AgentLink link_of(RemoteHost& host);

class AgentHost final : public host::ServerHost {
 public:
  // Instances under `run_dir` on the host (RemoteSite::run_dir); `admin_password`: the
  // administration account's on every server it starts. The servers it starts use its link:
  // they must not outlive it.
  AgentHost(AgentLink link, std::string run_dir, std::string admin_password)
      : link_(std::move(link)),
        run_dir_(std::move(run_dir)),
        admin_password_(std::move(admin_password)) {}

  host::HostCapabilities capabilities() const override { return {}; }
  std::string where() const override { return " on host " + link_.host_name; }
  Expected<host::Configured> configure(const std::string& instance,
                                       server::MyCnfInput cnf) override;
  bool has_template(const std::filesystem::path&) const override { return false; }
  // The installer's output; `template_dir` is ignored (no templates there).
  Expected<std::uint64_t> initialize(const server::Release& release,
                                     const server::InstancePaths& paths,
                                     const std::filesystem::path& template_dir) override;
  Expected<std::unique_ptr<host::StartedServer>> start(const host::ServerStart& start) override;
  Expected<void> copy_datadir(const std::filesystem::path& from,
                              const std::filesystem::path& to) override;
  Expected<std::filesystem::path> keep_snapshot(const server::InstancePaths& paths) override;
  Expected<void> remove(const std::filesystem::path& path) override;
  void keep_error_log(const std::filesystem::path& log,
                      const std::filesystem::path& local) override;
  Expected<void> read_file_sizes(const std::filesystem::path& datadir, const std::string& database,
                                 std::uint64_t shared_before,
                                 results::DataSizeRecord& record) override;

 private:
  AgentLink link_;
  std::string run_dir_;
  std::string admin_password_;
};

}  // namespace versus::remote
