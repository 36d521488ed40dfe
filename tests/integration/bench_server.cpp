#include "bench_server.h"

#include <unistd.h>

#include "client/connection.h"
#include "load/family/loader.h"
#include "server/account.h"
#include "server/datadir.h"
#include "server/my_cnf.h"
#include "server/port.h"
#include "server/release.h"

namespace versus::testing {
namespace {
server::InstancePaths configure(const TempDir& dir, const server::Release& release,
                                const std::string& title,
                                const std::vector<std::pair<std::string, std::string>>& options) {
  auto port = server::find_free_port();
  require_ok(port, "finding a port");
  auto paths = server::InstancePaths::under(dir.path() / "srv", *port);
  server::MyCnfInput in{release, paths, ::geteuid() == 0, title, {}, options};
  auto cnf = server::render_my_cnf(in);
  require_ok(cnf, "rendering my.cnf");
  require_ok(server::prepare_instance_dir(paths, *cnf), "preparing the instance dir");
  require_ok(server::initialize_datadir(release, paths, ::geteuid() == 0), "initializing");
  return paths;
}
}  // namespace

std::unique_ptr<BenchServer> start_bench_server(
    const std::string& title, const std::vector<std::pair<std::string, std::string>>& options,
    const std::string& release_name) {
  auto s = std::make_unique<BenchServer>();
  auto release = server::detect_release(named_release_basedir(release_name));
  require_ok(release, "detecting the release");
  auto paths = configure(s->dir, *release, title, options);
  auto proc = server::ServerProcess::start(*release, paths, {});
  require_ok(proc, "starting the server");
  s->process = std::move(*proc);
  auto admin = client::Connection::open(s->process->admin_endpoint());
  require_ok(admin, "connecting as root");
  std::string password = server::random_password();
  require_ok(server::create_bench_account(*admin, release->info, password), "creating the account");
  s->bench.port = paths.port;
  s->bench.user = server::kBenchUser;
  s->bench.password = password;
  s->bench.database = "sbtest";
  return s;
}

void load_sbtest(const BenchServer& s, std::int64_t rows) {
  load::LoadSpec spec;
  spec.endpoint = s.bench;
  spec.table_size = rows;
  require_ok(load::load_tables(spec), "loading");
}

load::StatusSnapshot status_snapshot(const BenchServer& s) {
  auto conn = client::Connection::open(s.bench);
  require_ok(conn, "connecting for SHOW GLOBAL STATUS");
  auto snap = load::snapshot_status(*conn);
  require_ok(snap, "SHOW GLOBAL STATUS");
  return *snap;
}

}  // namespace versus::testing
