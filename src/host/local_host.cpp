#include "host/local_host.h"

#include <unistd.h>

#include "client/connection.h"
#include "host/data_size.h"
#include "server/account.h"
#include "server/datadir.h"
#include "util/log.h"
#include "util/pid.h"
#include "util/proc_usage.h"

namespace versus::host {
namespace fs = std::filesystem;

LocalServer::LocalServer(server::Release release, std::unique_ptr<server::ServerProcess> process,
                         server::Timeouts timeouts)
    : StartedServer(process->paths(), timeouts),
      release_(std::move(release)),
      process_(std::move(process)),
      started_pid_(process_->server_pid()) {}

bool LocalServer::died() {
  return process_->server_pid() != started_pid_ || !process_alive(started_pid_);
}

std::string LocalServer::log_tail() {
  return server::error_log_tail(paths().error_log);
}

Expected<load::UsageProbe> LocalServer::open_probe(const client::Endpoint& admin) {
  return load::UsageProbe::open(process_->safe_pid(), admin);
}

client::Endpoint LocalServer::bench_endpoint(const std::string& password, bool socket) const {
  client::Endpoint ep;
  ep.port = paths().port;
  if (socket) ep.socket = paths().socket.string();
  ep.user = server::kBenchUser;
  ep.password = password;
  return ep;
}

Expected<void> LocalServer::create_accounts(const std::string& password) {
  auto admin = client::Connection::open(process_->admin_endpoint(), client::Connection::Role::admin);
  if (!admin) return fail(admin.error());
  return server::create_bench_account(*admin, release_.info, password);
}

Expected<void> LocalServer::create_account(const std::string& user, const std::string& password,
                                           const std::vector<std::string>& hosts,
                                           bool grant_option) {
  auto admin = client::Connection::open(process_->admin_endpoint(), client::Connection::Role::admin);
  if (!admin) return fail(admin.error());
  return server::create_account(*admin, release_.info, user, password, hosts, grant_option);
}

load::ServerSide LocalServer::server_side() const {
  load::ServerSide side;
  side.host = host_times();
  side.tree = sample_tree(process_->safe_pid());
  side.host_cpus = static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN));
  return side;
}

LocalHost::LocalHost(std::optional<RunDirectory> run, server::PortPicker pick_port)
    : run_(std::move(run)),
      pick_port_(pick_port ? std::move(pick_port) : server::PortPicker(server::find_free_port)) {}

Expected<unsigned> LocalHost::free_port() const {
  return pick_port_();
}

Expected<void> LocalHost::write_instance_dir(const server::InstancePaths& paths,
                                             const std::string& my_cnf) {
  return server::prepare_instance_dir(paths, my_cnf);
}

Expected<Configured> LocalHost::configure(const std::string& instance, server::MyCnfInput cnf) {
  if (!run_) return fail("no run directory to configure " + instance + " in");
  auto port = free_port();
  if (!port) return fail(port.error());
  cnf.paths = server::InstancePaths::under(run_->instance_dir(instance), *port);
  const auto& paths = cnf.paths;
  if (auto ok = server::check_inside(paths.datadir, run_->path()); !ok) return fail(ok.error());
  if (paths.socket.string().size() > 107)
    return fail("socket path " + paths.socket.string() +
                " is longer than 107 bytes; choose a shorter --output");
  auto text = server::render_my_cnf(cnf);
  if (!text) return fail(text.error());
  if (auto ok = write_instance_dir(paths, *text); !ok) return fail(ok.error());
  return Configured{paths, *text};
}

bool LocalHost::has_template(const fs::path& template_dir) const {
  std::error_code ec;
  return !template_dir.empty() && fs::exists(template_dir, ec);
}

// Copied aside, then renamed: a run killed mid-copy leaves no half template to resume from.
Expected<void> LocalHost::keep_template(const server::InstancePaths& paths,
                                        const fs::path& template_dir) {
  const fs::path part = template_dir.string() + ".part";
  auto kept = server::copy_datadir(paths.datadir, part);
  if (kept) kept = replace_tree(part, template_dir);
  std::error_code ec;
  if (!kept) fs::remove_all(part, ec);
  return kept;
}

Expected<std::uint64_t> LocalHost::initialize(const server::Release& release,
                                              const server::InstancePaths& paths,
                                              const fs::path& template_dir) {
  if (has_template(template_dir)) {
    if (auto ok = server::copy_datadir(template_dir, paths.datadir); !ok) return fail(ok.error());
    return shared_tablespace_bytes(paths.datadir);
  }
  std::error_code ec;
  fs::remove_all(paths.datadir, ec);  // a resumed run may find a half-made one (inside the run)
  fs::create_directories(paths.datadir, ec);
  if (auto ok = server::initialize_datadir(release, paths, ::geteuid() == 0); !ok)
    return fail(ok.error());
  if (!template_dir.empty())
    if (auto kept = keep_template(paths, template_dir); !kept)
      log::warn("cannot keep the initialized datadir as {}: {}", template_dir.string(),
                kept.error().message);
  return shared_tablespace_bytes(paths.datadir);
}

Expected<std::unique_ptr<LocalServer>> LocalHost::start_here(const ServerStart& s) {
  auto process = server::ServerProcess::start(s.release, s.paths, s.timeouts);
  if (!process) return fail(process.error());
  if (run_) (void)run_->record_server((*process)->safe_pid(), (*process)->server_pid(), s.id);
  return std::make_unique<LocalServer>(s.release, std::move(*process), s.timeouts);
}

Expected<std::unique_ptr<StartedServer>> LocalHost::start(const ServerStart& s) {
  auto started = start_here(s);
  if (!started) return fail(started.error());
  return std::unique_ptr<StartedServer>(std::move(*started));
}

Expected<void> LocalHost::copy_datadir(const fs::path& from, const fs::path& to) {
  return server::copy_datadir(from, to);
}

Expected<void> LocalHost::replace_tree(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::remove_all(to, ec);
  fs::rename(from, to, ec);
  if (ec) return fail("renaming " + from.string() + ": " + ec.message());
  return {};
}

Expected<fs::path> LocalHost::keep_snapshot(const server::InstancePaths& paths) {
  const fs::path snapshot = paths.dir / "snapshot";
  if (auto ok = replace_tree(paths.datadir, snapshot); !ok) return fail(ok.error());
  return snapshot;
}

Expected<void> LocalHost::remove(const fs::path& path) {
  std::error_code ec;
  fs::remove_all(path, ec);
  if (ec) return fail("removing " + path.string() + ": " + ec.message());
  return {};
}

void LocalHost::keep_error_log(const fs::path& log, const fs::path& local) {
  std::error_code ec;
  fs::rename(log, local, ec);  // none when the server never wrote one
}

Expected<void> LocalHost::read_file_sizes(const fs::path& datadir, const std::string& database,
                                          std::uint64_t shared_before,
                                          results::DataSizeRecord& record) {
  host::read_file_sizes(datadir, database, shared_before, record);
  return {};
}

}  // namespace versus::host
