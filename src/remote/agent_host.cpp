#include "remote/agent_host.h"

#include "remote/remote_host.h"
#include "server/account.h"
#include "util/log.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace versus::remote {
namespace fs = std::filesystem;
using agent::Json;

AgentLink link_of(RemoteHost& host) {
  return {[&host](const std::string& op, Json args) { return host.call(op, std::move(args)); },
          host.spec().name, host.address(), host.client_address()};
}

namespace {

// One server the agent started; destruction stops it there (by pid, by the agent).
class AgentServer final : public host::StartedServer {
 public:
  AgentServer(const AgentLink& link, const host::ServerStart& s, pid_t server_pid,
              std::string admin_password)
      : StartedServer(s.paths, s.timeouts),
        link_(link),
        id_(s.id),
        server_pid_(server_pid),
        admin_password_(std::move(admin_password)) {}
  ~AgentServer() override { (void)StartedServer::stop(); }

  using StartedServer::stop;
  Expected<void> stop(std::chrono::milliseconds limit) override {
    if (stopped_) return {};
    stopped_ = true;
    auto r = link_.call("stop", {{"id", id_}, {"limit_ms", limit.count()}});
    if (!r) return fail(r.error());
    return {};
  }
  bool died() override {
    auto r = link_.call("alive", {{"id", id_}});
    return !r || !r->value("running", false) || r->value("server_pid", 0) != server_pid_;
  }
  std::string log_tail() override {
    auto text = link_.call("read_file", {{"path", paths().error_log.string()}});
    if (!text) return "(the error log could not be read there: " + text.error().message + ")";
    return error_excerpt(text->value("text", ""), 15);
  }
  Expected<load::UsageProbe> open_probe(const client::Endpoint& admin) override {
    return load::UsageProbe::open_remote([this] { return server_side(); }, admin);
  }
  pid_t local_server_pid() const override { return 0; }
  client::Endpoint admin_endpoint() const override {
    return endpoint(server::kRemoteAdminUser, admin_password_);
  }
  client::Endpoint bench_endpoint(const std::string& password, bool) const override {
    return endpoint(server::kBenchUser, password);
  }
  Expected<void> create_accounts(const std::string& password) override {
    auto r = link_.call("accounts", {{"id", id_},
                                     {"client_host", link_.client_address},
                                     {"bench_password", password},
                                     {"admin_password", admin_password_}});
    if (!r) return fail(r.error());
    return {};
  }

 private:
  client::Endpoint endpoint(const char* user, const std::string& password) const {
    client::Endpoint ep;
    ep.host = link_.address;
    ep.port = paths().port;
    ep.user = user;
    ep.password = password;
    return ep;
  }
  // An empty tree when the agent cannot answer: the snapshot then counts as incomplete.
  load::ServerSide server_side() {
    load::ServerSide side;
    auto r = link_.call("usage", {{"id", id_}});
    if (!r) return side;
    side.host = agent::host_times_from(r->at("host"));
    side.tree = agent::tree_from(r->at("tree"));
    side.host_cpus = r->value("cpus", 0);
    return side;
  }

  const AgentLink& link_;
  std::string id_;
  pid_t server_pid_;
  std::string admin_password_;
  bool stopped_ = false;
};

}  // namespace

// Two requests: a port free there first, then the directory with my.cnf rendered for it.
Expected<host::Configured> AgentHost::configure(const std::string& instance,
                                                server::MyCnfInput cnf) {
  const std::string dir = run_dir_ + "/instances/" + instance;
  auto port = link_.call("prepare_dir", {{"dir", dir}, {"port", 0}});
  if (!port) return fail(port.error());
  cnf.paths = server::InstancePaths::under(dir, port->value("port", 0u));
  cnf.bind_address = link_.address;
  auto text = server::render_my_cnf(cnf);
  if (!text) return fail(text.error());
  auto written =
      link_.call("prepare_dir", {{"dir", dir}, {"port", cnf.paths.port}, {"my_cnf", *text}});
  if (!written) return fail(written.error());
  return host::Configured{cnf.paths, *text};
}

Expected<std::uint64_t> AgentHost::initialize(const server::Release& release,
                                              const server::InstancePaths& paths, const fs::path&) {
  auto r = link_.call("initialize", {{"release", agent::release_json(release)},
                                     {"dir", paths.dir.string()},
                                     {"port", paths.port}});
  if (!r) return fail(r.error());
  return r->value("shared_before", std::uint64_t{0});
}

Expected<std::unique_ptr<host::StartedServer>> AgentHost::start(const host::ServerStart& s) {
  auto r = link_.call("start", {{"release", agent::release_json(s.release)},
                                {"dir", s.paths.dir.string()},
                                {"port", s.paths.port},
                                {"startup_ms", s.timeouts.startup.count()},
                                {"shutdown_ms", s.timeouts.shutdown.count()},
                                {"id", s.id}});
  if (!r) return fail(r.error());
  log::info("{}: started on host {} (mysqld_safe pid {}, server pid {} there), port {}", s.title,
            link_.host_name, r->value("safe_pid", 0), r->value("server_pid", 0), s.paths.port);
  return std::unique_ptr<host::StartedServer>(
      new AgentServer(link_, s, r->value("server_pid", 0), admin_password_));
}

Expected<void> AgentHost::copy_datadir(const fs::path& from, const fs::path& to) {
  auto r = link_.call("copy_tree", {{"from", from.string()}, {"to", to.string()}});
  if (!r) return fail(r.error());
  return {};
}

Expected<fs::path> AgentHost::keep_snapshot(const server::InstancePaths& paths) {
  const fs::path snapshot = paths.dir / "snapshot";
  auto r = link_.call("rename", {{"from", paths.datadir.string()}, {"to", snapshot.string()}});
  if (!r) return fail(r.error());
  return snapshot;
}

Expected<void> AgentHost::remove(const fs::path& path) {
  auto r = link_.call("remove", {{"path", path.string()}});
  if (!r) return fail(r.error());
  return {};
}

void AgentHost::keep_error_log(const fs::path& log, const fs::path& local) {
  auto text = link_.call("read_file", {{"path", log.string()}});
  if (!text) return log::warn("cannot bring back {}: {}", log.string(), text.error().message);
  if (auto ok = write_file_atomically(local, text->value("text", "")); !ok)
    log::warn("cannot keep {}: {}", local.string(), ok.error().message);
}

Expected<void> AgentHost::read_file_sizes(const fs::path& datadir, const std::string& database,
                                          std::uint64_t shared_before,
                                          results::DataSizeRecord& record) {
  auto r = link_.call(
      "file_sizes",
      {{"datadir", datadir.string()}, {"database", database}, {"shared_before", shared_before}});
  if (!r) return fail(r.error());
  record.file_source = r->value("source", "");
  record.data_file_bytes = r->value("data", std::uint64_t{0});
  record.index_file_bytes = r->value("index", std::uint64_t{0});
  return {};
}

}  // namespace versus::remote
