#include "remote/agent.h"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <map>
#include <memory>

#include "host/leftovers.h"
#include "host/local_host.h"
#include "host/machine_facts.h"
#include "host/run_directory.h"
#include "remote/agent_bundle.h"
#include "remote/agent_protocol.h"
#include "server/account.h"
#include "server/fetched_tree.h"
#include "server/release.h"
#include "util/elf_interp.h"
#include "util/last_resort.h"
#include "util/log.h"
#include "util/pid.h"
#include "util/subprocess.h"
#include "util/test_fault.h"
#include "util/whole_file.h"

namespace versus::remote {
namespace fs = std::filesystem;
using agent::Json;

namespace {

volatile sig_atomic_t g_signalled = 0;
void on_signal(int) {
  g_signalled = 1;
}

// Without SA_RESTART: a signal interrupts the blocking read of the next request.
void install_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGHUP, SIGTERM, SIGINT}) ::sigaction(sig, &sa, nullptr);
  ::signal(SIGPIPE, SIG_IGN);  // a dropped connection shows as a failed write, then EOF
}

// The requests carried out on this machine by a LocalHost (host/local_host.h), as a local run
// does them; its run directory (the pid journal) is the one the client claimed.
class Agent {
 public:
  explicit Agent(fs::path workdir) : workdir_(std::move(workdir)), local_(std::nullopt) {}
  ~Agent() { stop_all(); }
  Json handle(const Json& request);
  void stop_all() { servers_.clear(); }  // each LocalServer stops its server by pid

 private:
  Expected<fs::path> inside(const Json& request, const char* key) const;
  Expected<server::InstancePaths> paths(const Json& request) const;
  Expected<Json> hello(const Json&);
  Expected<Json> claim(const Json&);
  Expected<Json> check_release(const Json&);
  Expected<Json> relocate_release(const Json&);
  Expected<Json> prepare_dir(const Json&);
  Expected<Json> initialize(const Json&);
  Expected<Json> copy_tree(const Json&);
  Expected<Json> rename(const Json&);
  Expected<Json> remove(const Json&);
  Expected<Json> start(const Json&);
  Expected<Json> accounts(const Json&);
  Expected<Json> alive(const Json&);
  Expected<Json> usage(const Json&);
  Expected<Json> stop(const Json&);
  Expected<Json> read_file(const Json&);
  Expected<Json> file_sizes(const Json&);
  Expected<host::LocalServer*> server(const Json& request);

  fs::path workdir_;
  host::LocalHost local_;  // journals in the run's directory here once claimed
  std::map<std::string, std::unique_ptr<host::LocalServer>> servers_;
};

// The libraries `binary` needs that this host lacks ("name => not found"), as its own loader
// lists them, the way ldd does (LD_TRACE_LOADED_OBJECTS: every one, the missing included;
// `--list` stops at the first missing); ldd itself would run the host's loader, which serves no
// tree with a newer C library.
std::string missing_libraries(const fs::path& binary, const std::string& loader) {
  auto out =
      loader.empty()
          ? run_capture("/usr/bin/ldd", {binary.string()}, std::chrono::seconds(30))
          : run_capture("/usr/bin/env", {"LD_TRACE_LOADED_OBJECTS=1", loader, binary.string()},
                        std::chrono::seconds(30));
  std::string missing;
  for (const auto& name : parse_ldd(out ? *out : out.error().message).missing)
    missing += (missing.empty() ? "" : ", ") + name;
  return missing;
}

}  // namespace

Expected<fs::path> Agent::inside(const Json& request, const char* key) const {
  const fs::path p = fs::path(request.value(key, std::string())).lexically_normal();
  const auto rel = p.lexically_relative(workdir_);
  if (p.is_relative() || rel.empty() || rel.native().starts_with(".."))
    return fail("the agent refuses " + p.string() + ": it is not inside its work directory " +
                workdir_.string());
  return p;
}

Expected<server::InstancePaths> Agent::paths(const Json& request) const {
  auto dir = inside(request, "dir");
  if (!dir) return fail(dir.error());
  return server::InstancePaths::under(*dir, request.value("port", 0u));
}

Expected<Json> Agent::hello(const Json&) {
  return Json{{"versus_version", VERSUS_VERSION},
              {"euid", ::geteuid()},
              {"client_address", agent::client_address(std::getenv("SSH_CONNECTION"))},
              {"facts", agent::facts_json(host::gather_machine_facts())}};
}

// The run's directory is this agent's (its pid in agent.pid); servers that earlier runs' agents
// left (an agent killed with SIGKILL cannot stop them) are stopped by their journals, each
// only when that run's agent is gone and the pid still is a server naming that directory.
Expected<Json> Agent::claim(const Json& r) {
  auto dir = inside(r, "run_dir");
  if (!dir) return fail(dir.error());
  std::error_code ec;
  fs::create_directories(*dir, ec);
  if (auto ok = write_file_atomically(*dir / "agent.pid", std::to_string(::getpid()) + "\n"); !ok)
    return fail(ok.error());
  local_ = host::LocalHost(host::RunDirectory::on_host(*dir));
  Json stopped = Json::array();
  for (const auto& other : fs::directory_iterator(dir->parent_path(), ec)) {
    if (other.path() == *dir) continue;
    const auto pid = read_pid_file(other.path() / "agent.pid");
    if (pid && process_alive(*pid) && process_cmdline(*pid).find(" agent ") != std::string::npos)
      continue;  // a run still going
    for (const auto& line : host::stop_leftover_servers(host::RunDirectory::on_host(other.path())))
      stopped.push_back(other.path().filename().string() + ": " + line);
  }
  return Json{{"stopped", stopped}};
}

// Any absolute basedir (a release installed on this host, or a copy in the work directory):
// only read and run, never written.
Expected<Json> Agent::check_release(const Json& r) {
  const fs::path dir = fs::path(r.value("basedir", std::string())).lexically_normal();
  const auto basedir = &dir;
  std::error_code ec;
  if (dir.is_relative() || !fs::is_directory(dir, ec))
    return fail("the basedir " + dir.string() + " does not exist on this host");
  auto binary = server::find_server_binary(*basedir);
  if (!binary) return fail("no mariadbd or mysqld under " + basedir->string());
  auto interp = read_elf_interp(*binary);
  if (!interp) return fail(interp.error());
  const std::string loader = *interp ? (*interp)->path : std::string();
  if (!loader.empty() && !fs::exists(loader, ec))
    return fail(binary->string() + ": its loader " + fs::path(loader).lexically_normal().string() +
                " does not exist on this host");
  if (auto missing = missing_libraries(*binary, loader); !missing.empty())
    return fail(binary->string() + " needs libraries this host lacks: " + missing);
  auto release = server::detect_release(*basedir);
  if (!release) return fail(release.error());
  return Json{{"release", agent::release_json(*release)}};
}

// A copy of a tree scripts/fetch-releases.sh staged, made to run where it lands: `tree` (the
// copy as it arrived) is renamed to `to` next (server/fetched_tree.h).
Expected<Json> Agent::relocate_release(const Json& r) {
  auto tree = inside(r, "tree");
  auto to = inside(r, "to");
  if (!tree || !to) return fail(!tree ? tree.error() : to.error());
  auto rewritten = server::relocate_fetched_tree(*tree, *to);
  if (!rewritten) return fail(rewritten.error());
  log::info("release {}: the loader path of {} executables rewritten", to->string(), *rewritten);
  return Json{{"rewritten", *rewritten}};
}

Expected<Json> Agent::prepare_dir(const Json& r) {
  auto p = paths(r);
  if (!p) return fail(p.error());
  if (p->port == 0) {  // a port free on this host, for the client's my.cnf
    auto port = local_.free_port();
    if (!port) return fail(port.error());
    return Json{{"port", *port}};
  }
  if (auto ok = local_.write_instance_dir(*p, r.value("my_cnf", "")); !ok) return fail(ok.error());
  return Json::object();
}

Expected<Json> Agent::initialize(const Json& r) {
  auto p = paths(r);
  auto release = agent::release_from(r.value("release", Json::object()));
  if (!p || !release) return fail(!p ? p.error() : release.error());
  auto shared_before = local_.initialize(*release, *p, {});
  if (!shared_before) return fail(shared_before.error());
  return Json{{"shared_before", *shared_before}};
}

Expected<Json> Agent::copy_tree(const Json& r) {
  auto from = inside(r, "from");
  auto to = inside(r, "to");
  if (!from || !to) return fail(!from ? from.error() : to.error());
  if (auto ok = local_.copy_datadir(*from, *to); !ok) return fail(ok.error());
  return Json::object();
}

Expected<Json> Agent::rename(const Json& r) {
  auto from = inside(r, "from");
  auto to = inside(r, "to");
  if (!from || !to) return fail(!from ? from.error() : to.error());
  if (auto ok = local_.replace_tree(*from, *to); !ok) return fail(ok.error());
  return Json::object();
}

Expected<Json> Agent::remove(const Json& r) {
  auto path = inside(r, "path");
  if (!path) return fail(path.error());
  if (auto ok = local_.remove(*path); !ok) return fail(ok.error());
  return Json::object();
}

Expected<Json> Agent::start(const Json& r) {
  auto p = paths(r);
  auto release = agent::release_from(r.value("release", Json::object()));
  if (!p || !release) return fail(!p ? p.error() : release.error());
  const server::Timeouts t{std::chrono::milliseconds(r.value("startup_ms", 60000)),
                           std::chrono::milliseconds(r.value("shutdown_ms", 60000))};
  const std::string id = r.value("id", p->dir.string());
  auto srv = local_.start_here({*release, *p, t, id, id});
  if (!srv) return fail(srv.error());
  Json out{{"safe_pid", (*srv)->safe_pid()}, {"server_pid", (*srv)->local_server_pid()}};
  servers_[id] = std::move(*srv);
  test_fault("agent-start");
  return out;
}

Expected<host::LocalServer*> Agent::server(const Json& r) {
  auto it = servers_.find(r.value("id", std::string()));
  if (it == servers_.end()) return fail("the agent runs no server " + r.value("id", std::string()));
  return it->second.get();
}

// The benchmark account and the administration account, both for the client's address only.
Expected<Json> Agent::accounts(const Json& r) {
  auto s = server(r);
  if (!s) return fail(s.error());
  const std::vector<std::string> hosts{r.value("client_host", std::string())};
  if (auto ok =
          (*s)->create_account(server::kBenchUser, r.value("bench_password", ""), hosts, false);
      !ok)
    return fail(ok.error());
  if (auto ok = (*s)->create_account(server::kRemoteAdminUser, r.value("admin_password", ""), hosts,
                                     true);
      !ok)
    return fail(ok.error());
  return Json::object();
}

Expected<Json> Agent::alive(const Json& r) {
  auto s = server(r);
  if (!s) return fail(s.error());
  return Json{{"running", (*s)->running()}, {"server_pid", (*s)->local_server_pid()}};
}

Expected<Json> Agent::usage(const Json& r) {
  auto s = server(r);
  if (!s) return fail(s.error());
  const load::ServerSide side = (*s)->server_side();
  return Json{{"host", agent::host_times_json(side.host)},
              {"tree", agent::tree_json(side.tree)},
              {"cpus", side.host_cpus}};
}

Expected<Json> Agent::stop(const Json& r) {
  auto s = server(r);
  if (!s) return fail(s.error());
  auto stopped = (*s)->stop(std::chrono::milliseconds(r.value("limit_ms", 60000)));
  servers_.erase(r.value("id", std::string()));
  if (!stopped) return fail(stopped.error());
  return Json::object();
}

Expected<Json> Agent::read_file(const Json& r) {
  auto path = inside(r, "path");
  if (!path) return fail(path.error());
  auto text = read_whole_file(*path);
  if (!text) return fail(text.error());
  return Json{{"text", *text}};
}

Expected<Json> Agent::file_sizes(const Json& r) {
  auto datadir = inside(r, "datadir");
  if (!datadir) return fail(datadir.error());
  results::DataSizeRecord size;
  if (auto ok = local_.read_file_sizes(*datadir, r.value("database", ""),
                                       r.value("shared_before", 0ull), size);
      !ok)
    return fail(ok.error());
  return Json{{"source", size.file_source},
              {"data", size.data_file_bytes},
              {"index", size.index_file_bytes}};
}

Json Agent::handle(const Json& request) {
  using Op = Expected<Json> (Agent::*)(const Json&);
  static const std::map<std::string, Op> ops{{"hello", &Agent::hello},
                                             {"claim", &Agent::claim},
                                             {"check_release", &Agent::check_release},
                                             {"relocate_release", &Agent::relocate_release},
                                             {"prepare_dir", &Agent::prepare_dir},
                                             {"initialize", &Agent::initialize},
                                             {"copy_tree", &Agent::copy_tree},
                                             {"rename", &Agent::rename},
                                             {"remove", &Agent::remove},
                                             {"start", &Agent::start},
                                             {"accounts", &Agent::accounts},
                                             {"alive", &Agent::alive},
                                             {"usage", &Agent::usage},
                                             {"stop", &Agent::stop},
                                             {"read_file", &Agent::read_file},
                                             {"file_sizes", &Agent::file_sizes}};
  const std::string op = request.is_object() ? request.value("op", "") : "";
  auto it = ops.find(op);
  if (it == ops.end()) return agent::error_reply("the agent has no operation \"" + op + "\"");
  try {
    auto result = (this->*it->second)(request);
    return result ? agent::ok_reply(*result) : agent::error_reply(result.error().message);
  } catch (const Json::exception& e) {
    return agent::error_reply(op + ": a request the agent cannot read: " + e.what());
  }
}

namespace {
// The next line of `fd` into `line`; false at its end, on an error, or once a signal came
// (checked every 200 ms: libstdc++'s streams retry a read a signal interrupts).
bool next_line(int fd, std::string& buffer, std::string& line) {
  for (;;) {
    if (auto nl = buffer.find('\n'); nl != std::string::npos) {
      line = buffer.substr(0, nl);
      buffer.erase(0, nl + 1);
      return true;
    }
    if (g_signalled) return false;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 200) <= 0) continue;
    char chunk[65536];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0 && !(n < 0 && errno == EINTR)) return false;
    if (n > 0) buffer.append(chunk, static_cast<std::size_t>(n));
  }
}
}  // namespace

int run_agent(const AgentOptions& options, int in, std::ostream& out) {
  std::error_code ec;
  fs::create_directories(options.workdir, ec);
  if (ec || !options.workdir.is_absolute()) {
    out << agent::error_reply("cannot use the work directory " + options.workdir.string() + ": " +
                              (ec ? ec.message() : "not absolute"))
        << std::endl;
    return 2;
  }
  install_handlers();
  Agent agent(options.workdir.lexically_normal());
  // An unexpected failure (a library's exception, a bug) stops every server it started:
  // here when caught, in the terminate handler when it escapes a thread.
  TerminateCleanup last_resort([&agent] { agent.stop_all(); });
  auto served = catch_unexpected([&] {
    std::string buffer, line;
    while (next_line(in, buffer, line)) {
      const Json request = Json::parse(line, nullptr, false);
      out << agent.handle(request).dump() << std::endl;
      if (!out) break;  // the client is gone
    }
  });
  agent.stop_all();
  if (served) return 0;
  log::warn("the agent stopped: {}; its servers are stopped", served.error().message);
  return 4;
}

}  // namespace versus::remote
