#pragma once
// RemoteHost: one hosts[] entry, reached over ssh for the length of a run. Opening it starts an
// OpenSSH control master (remote/ssh_command.h), copies the agent bundle (remote/agent_bundle.h)
// into the host's workdir unless a copy of that content is there, and starts `versus agent` there
// in one ssh session whose input and output carry the requests (remote/agent_protocol.h).
// Destruction closes the session's input (the agent then stops every server it started, by
// pid), waits for it, and ends the master, by pid: nothing of versus stays running on the host.
// If versus itself is killed, ssh sees its input end and so does the agent.
#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "config/plan/plan.h"
#include "remote/agent_bundle.h"
#include "remote/agent_protocol.h"
#include "remote/ssh_command.h"
#include "results/record/record.h"
#include "util/expected.h"

namespace boost::process {
class child;
}

namespace versus::remote {

class RemoteHost {
 public:
  static Expected<std::unique_ptr<RemoteHost>> open(const config::HostSpec& host,
                                                    const AgentBundle& bundle);
  ~RemoteHost();
  RemoteHost(const RemoteHost&) = delete;
  RemoteHost& operator=(const RemoteHost&) = delete;

  // One request and its reply's results; an agent error or a dropped connection as an Error
  // naming the host.
  Expected<agent::Json> call(const std::string& op, agent::Json args = agent::Json::object());
  // What a copy needs before it is complete: called with the copy as it arrived (its path on
  // the host) and the path it is renamed to next.
  using FinishCopy =
      std::function<Expected<void>(const std::string& arrived, const std::string& lands_at)>;
  // The copy of the local directory `tree` on the host: workdir/KIND/<content key>, made with
  // rsync unless it is there already (complete: copied, `finish`ed, then renamed). Returns its
  // path there.
  Expected<std::string> copy_tree(const std::filesystem::path& tree, const std::string& kind,
                                  const FinishCopy& finish = {});

  const config::HostSpec& spec() const { return ssh_.host; }
  std::string address() const { return config::host_address(ssh_.host); }
  // This machine's address as the host sees it (sshd's SSH_CONNECTION): the accounts' host.
  const std::string& client_address() const { return client_address_; }
  const results::MachineFacts& facts() const { return facts_; }
  // What the agent logged so far (its stderr: every command and server start there).
  std::string agent_log() const { return stderr_of(control_dir_ / "agent.err"); }
  pid_t master_pid() const;
  pid_t session_pid() const;

 private:
  explicit RemoteHost(const config::HostSpec& host);
  Expected<void> start_master();
  Expected<void> ensure_copied(const std::filesystem::path& local, const std::string& remote,
                               const FinishCopy& finish = {});
  Expected<void> start_agent(const AgentBundle& bundle);
  Expected<void> greet();
  Expected<std::string> run_remote(const std::vector<std::string>& words) const;
  std::string stderr_of(const std::filesystem::path& file) const;
  void end_session();

  std::filesystem::path control_dir_;  // a short private temp dir: the master's socket, logs
  SshCommand ssh_;
  std::unique_ptr<boost::process::child> master_, session_;
  struct Pipes;
  std::unique_ptr<Pipes> pipes_;
  std::mutex calls_;  // one request at a time
  std::string client_address_;
  results::MachineFacts facts_;
};

}  // namespace versus::remote
