#include "remote/ssh_command.h"

#include <fmt/format.h>

#include "util/subprocess.h"

namespace versus::remote {

std::vector<std::string> SshCommand::options() const {
  std::vector<std::string> o{
      "-o", "BatchMode=yes",          "-o", "StrictHostKeyChecking=yes",
      "-o", "ConnectTimeout=10",      "-o", "ServerAliveInterval=5",
      "-o", "ServerAliveCountMax=3",  "-o", "ControlPath=" + control_path.string(),
      "-p", std::to_string(host.port)};
  if (!host.identity.empty()) {
    o.insert(o.end(), {"-i", host.identity.string(), "-o", "IdentitiesOnly=yes"});
  }
  if (!host.known_hosts.empty())
    o.insert(o.end(), {"-o", "UserKnownHostsFile=" + host.known_hosts.string()});
  return o;
}

std::vector<std::string> SshCommand::master() const {
  auto a = options();
  a.insert(a.end(), {"-o", "ControlMaster=yes", "-o", "ControlPersist=no", "-N", host.ssh});
  return a;
}

std::vector<std::string> SshCommand::check() const {
  auto a = options();
  a.insert(a.end(), {"-O", "check", host.ssh});
  return a;
}

std::vector<std::string> SshCommand::remote(const std::vector<std::string>& words) const {
  auto a = options();
  a.insert(a.end(), {"-o", "ControlMaster=no", host.ssh, "--"});
  std::string command;
  for (const auto& w : words) command += (command.empty() ? "" : " ") + shell_quote(w);
  a.push_back(command);
  return a;
}

std::string SshCommand::rsync_shell() const {
  std::string out = "ssh";
  for (const auto& o : options()) out += " " + shell_quote(o);
  return out + " -o ControlMaster=no";
}

std::string shell_quote(const std::string& word) {
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string ssh_failure_text(const config::HostSpec& h, const std::string& err) {
  const std::string who = fmt::format("host {} (ssh {} port {})", h.name, h.ssh, h.port);
  const std::string known = h.known_hosts.empty() ? "~/.ssh/known_hosts" : h.known_hosts.string();
  auto says = [&](const char* text) { return err.find(text) != std::string::npos; };
  if (says("Host key verification failed") || says("host key is known"))
    return fmt::format(
        "{}: its host key is not in {} (versus never accepts an unknown key): "
        "check the key and add it, e.g. ssh-keyscan -p {} {} >> {}",
        who, known, h.port, config::host_address(h), known);
  if (says("REMOTE HOST IDENTIFICATION HAS CHANGED"))
    return fmt::format("{}: its host key differs from the one in {}", who, known);
  if (says("Permission denied"))
    return fmt::format(
        "{}: the keys offered were refused, and versus never types a password "
        "(BatchMode): authorize a key for that user{}",
        who, h.identity.empty() ? "" : " (identity: " + h.identity.string() + ")");
  if (says("Connection refused"))
    return fmt::format("{}: connection refused: no sshd listens there", who);
  if (says("timed out") || says("No route to host") || says("Could not resolve"))
    return fmt::format("{}: cannot reach it: {}", who, last_lines(err, 1));
  return fmt::format("{}: ssh failed: {}", who, last_lines(err, 3));
}

}  // namespace versus::remote
