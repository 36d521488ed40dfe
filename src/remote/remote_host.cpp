#include "remote/remote_host.h"

#include <boost/process.hpp>
#include <thread>

#include "util/content_key.h"
#include "util/log.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace versus::remote {
namespace bp = boost::process;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

struct RemoteHost::Pipes {
  bp::opstream to_agent;
  bp::ipstream from_agent;
};

namespace {
const std::string kSsh = "/usr/bin/ssh";
const std::string kRsync = "/usr/bin/rsync";

fs::path make_control_dir() {
  char tmpl[] = "/tmp/versus-ssh-XXXXXX";
  const char* dir = ::mkdtemp(tmpl);
  return dir ? fs::path(dir) : fs::path();
}

// Waits up to `limit` for `child` to exit by itself, then terminates it.
void reap(bp::child& child, std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (child.running() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(50ms);
  std::error_code ec;
  if (child.running()) child.terminate(ec);
  child.wait(ec);
}
}  // namespace

RemoteHost::RemoteHost(const config::HostSpec& host)
    : control_dir_(make_control_dir()), ssh_{host, control_dir_ / "cm"}, pipes_(new Pipes) {}

RemoteHost::~RemoteHost() {
  end_session();
  if (master_) {
    (void)run_capture(
        kSsh,
        [&] {
          auto a = ssh_.options();
          a.insert(a.end(), {"-O", "exit", ssh_.host.ssh});
          return a;
        }(),
        10s);
    reap(*master_, 5s);
  }
  std::error_code ec;
  if (!control_dir_.empty()) fs::remove_all(control_dir_, ec);
}

void RemoteHost::end_session() {
  if (!session_) return;
  pipes_->to_agent.pipe().close();  // the agent's input ends: it stops its servers
  reap(*session_, 120s);            // a server's shutdown_timeout is 60 s by default
  session_.reset();
}

pid_t RemoteHost::master_pid() const {
  return master_ ? master_->id() : 0;
}
pid_t RemoteHost::session_pid() const {
  return session_ ? session_->id() : 0;
}

std::string RemoteHost::stderr_of(const fs::path& file) const {
  auto text = read_whole_file(file);
  return text ? *text : std::string();
}

Expected<void> RemoteHost::start_master() {
  const fs::path err = control_dir_ / "master.err";
  std::error_code ec;
  master_ = std::make_unique<bp::child>(kSsh, bp::args(ssh_.master()),
                                        bp::std_in<bp::null, bp::std_out> bp::null,
                                        bp::std_err > err.string(), ec);
  if (ec) return fail("starting ssh: " + ec.message());
  const auto until = std::chrono::steady_clock::now() + 20s;
  while (std::chrono::steady_clock::now() < until) {
    if (!master_->running()) {
      master_->wait(ec);
      master_.reset();
      return fail(ssh_failure_text(ssh_.host, stderr_of(err)));
    }
    if (run_capture(kSsh, ssh_.check(), 5s)) return {};
    std::this_thread::sleep_for(100ms);
  }
  return fail(ssh_failure_text(ssh_.host, stderr_of(err) + "\nConnection timed out"));
}

Expected<std::string> RemoteHost::run_remote(const std::vector<std::string>& words) const {
  auto out = run_capture(kSsh, ssh_.remote(words), 60s);
  if (!out) return fail(out.error().context("on host " + ssh_.host.name));
  return out;
}

Expected<void> RemoteHost::ensure_copied(const fs::path& local, const std::string& remote,
                                         const FinishCopy& finish) {
  if (run_capture(kSsh, ssh_.remote({"test", "-e", remote + "/.versus-complete"}), 60s)) return {};
  const std::string part = remote + ".partial";
  if (auto ok = run_remote({"mkdir", "-p", part}); !ok) return fail(ok.error());
  log::info("host {}: copying {} to {}", ssh_.host.name, local.string(), remote);
  auto synced = run_capture(kRsync,
                            {"-a", "--delete", "-e", ssh_.rsync_shell(), local.string() + "/",
                             ssh_.host.ssh + ":" + part + "/"},
                            std::chrono::minutes(30));
  if (!synced)
    return fail(synced.error().context("copying " + local.string() + " to host " + ssh_.host.name));
  if (finish)
    if (auto ok = finish(part, remote); !ok) return fail(ok.error());
  for (const auto& words : std::vector<std::vector<std::string>>{
           {"rm", "-rf", remote}, {"mv", part, remote}, {"touch", remote + "/.versus-complete"}})
    if (auto ok = run_remote(words); !ok) return fail(ok.error());
  return {};
}

Expected<std::string> RemoteHost::copy_tree(const fs::path& tree, const std::string& kind,
                                            const FinishCopy& finish) {
  auto key = content_key(tree);
  if (!key) return fail(key.error());
  const std::string remote = ssh_.host.workdir + "/" + kind + "/" + *key;
  if (auto ok = ensure_copied(tree, remote, finish); !ok) return fail(ok.error());
  return remote;
}

Expected<void> RemoteHost::start_agent(const AgentBundle& bundle) {
  const std::string dir = ssh_.host.workdir + "/agent/" + bundle.key;
  if (auto ok = ensure_copied(bundle.dir, dir); !ok) return fail(ok.error());
  const fs::path err = control_dir_ / "agent.err";
  std::error_code ec;
  session_ = std::make_unique<bp::child>(
      kSsh,
      bp::args(ssh_.remote({"env", "MARIADB_PLUGIN_DIR=" + dir + "/lib/plugin", dir + "/ld.so",
                            "--library-path", dir + "/lib", dir + "/versus", "agent", "--workdir",
                            ssh_.host.workdir})),
      bp::std_in<pipes_->to_agent, bp::std_out> pipes_->from_agent, bp::std_err > err.string(), ec);
  if (ec) return fail("starting the agent over ssh: " + ec.message());
  return greet();
}

Expected<void> RemoteHost::greet() {
  auto hello = call("hello");
  if (!hello) return fail(hello.error());
  const std::string version = hello->value("versus_version", "");
  if (version != VERSUS_VERSION)
    return fail("host " + ssh_.host.name + ": its agent is versus " + version + ", not " +
                VERSUS_VERSION);
  client_address_ = hello->value("client_address", "");
  if (client_address_.empty())
    return fail("host " + ssh_.host.name + ": sshd did not say where this machine connects from");
  auto facts = agent::facts_from(hello->value("facts", agent::Json::object()));
  if (!facts)
    return fail("host " + ssh_.host.name + ": its agent's machine facts: " + facts.error().message);
  facts_ = *facts;
  return {};
}

Expected<agent::Json> RemoteHost::call(const std::string& op, agent::Json args) {
  std::lock_guard lock(calls_);
  if (!session_) return fail("host " + ssh_.host.name + ": no agent session");
  args["op"] = op;
  pipes_->to_agent << args.dump() << std::endl;
  std::string line;
  if (!pipes_->to_agent || !std::getline(pipes_->from_agent, line))
    return fail("host " + ssh_.host.name + ": the connection to its agent dropped" + [&] {
      const std::string err = last_lines(stderr_of(control_dir_ / "agent.err"), 3);
      return err.empty() ? std::string() : ": " + err;
    }());
  auto results = agent::reply_results(line);
  if (!results) return fail(results.error().context("host " + ssh_.host.name + ": " + op));
  return results;
}

Expected<std::unique_ptr<RemoteHost>> RemoteHost::open(const config::HostSpec& host,
                                                       const AgentBundle& bundle) {
  std::unique_ptr<RemoteHost> h(new RemoteHost(host));
  if (h->control_dir_.empty()) return fail("cannot make a directory for ssh's control socket");
  if (auto ok = h->start_master(); !ok) return fail(ok.error());
  if (auto ok = h->start_agent(bundle); !ok) return fail(ok.error());
  return h;
}

}  // namespace versus::remote
