#pragma once
// SshCommand: the OpenSSH client's argument vectors for one hosts[] entry, and what its
// failures mean. Every ssh versus runs is non-interactive (BatchMode: keys only, never a
// password prompt), checks the host key strictly against the entry's known_hosts, and goes
// through one control master per host (ControlPath in a directory of the run's own). Pure.
#include <filesystem>
#include <string>
#include <vector>

#include "config/plan/plan.h"

namespace versus::remote {

struct SshCommand {
  config::HostSpec host;
  std::filesystem::path control_path;  // the master's socket (at most ~100 bytes: a Unix socket)

  // Options every ssh of this host gets (no destination, no command).
  std::vector<std::string> options() const;
  // The master: `ssh OPTIONS -o ControlMaster=yes -N DEST`.
  std::vector<std::string> master() const;
  // `ssh OPTIONS -O check DEST`: whether the master is up.
  std::vector<std::string> check() const;
  // `ssh OPTIONS -o ControlMaster=no DEST -- WORDS`: WORDS quoted for the remote shell.
  std::vector<std::string> remote(const std::vector<std::string>& words) const;
  // rsync's -e value: ssh with OPTIONS, each quoted as rsync splits them.
  std::string rsync_shell() const;
};

// `word` quoted for a POSIX shell: in single quotes, a single quote as '\''.
std::string shell_quote(const std::string& word);

// What ssh's stderr says went wrong, for a person: an unknown host key, keys refused, a
// refused or unreachable connection; else its last lines. `host`: the entry, for the advice.
std::string ssh_failure_text(const config::HostSpec& host, const std::string& stderr_text);

}  // namespace versus::remote
