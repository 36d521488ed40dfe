#include "run/shared_server.h"

#include <chrono>

#include "client/connection.h"
#include "host/data_size.h"
#include "load/schema.h"
#include "run/cell_inputs.h"
#include "run/cell_run.h"
#include "util/log.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
long long ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
}

// The instance spec of a (server, profile) group: its first instance's, renamed.
InstanceSpec group_spec(const SharedServerContext& ctx, const config::Cell& c) {
  auto spec = instance_spec(ctx.plan, ctx.preflight, instance_of(c), ctx.password, ctx.pick_port);
  spec.name = server_profile_name(ctx.plan, c.server, c.profile);
  spec.title = ctx.plan.servers[c.server].name + " / " + ctx.plan.profiles[c.profile].name;
  return spec;
}
}  // namespace

Expected<void> SharedServer::start_server() {
  auto conf = configure_instance(group_spec_, ctx_.dir);
  if (!conf) return fail(conf.error());
  paths_ = conf->first;
  my_cnf_ = conf->second;
  ctx_.progress.note(group_spec_.title + ": initializing the datadir");
  if (auto ok = initialize_instance(group_spec_, paths_); !ok) return ok;
  shared_before_ = host::shared_tablespace_bytes(paths_.datadir);
  auto srv = start_instance(group_spec_, ctx_.dir, paths_, my_cnf_);
  if (!srv) return fail(srv.error());
  srv_ = std::move(*srv);
  return create_account(group_spec_, *srv_);
}

void SharedServer::start_group(const config::Cell& c) {
  const auto started = std::chrono::steady_clock::now();
  group_ = std::pair{c.server, c.profile};
  group_spec_ = group_spec(ctx_, c);
  paths_ = {};  // nothing of the previous server's is touched again
  group_error_.clear();
  loaded_before_ = false;
  crashed_in_ = 0;
  if (auto ok = start_server(); !ok) {
    group_error_ = ok.error().context(group_spec_.title).message;
    ctx_.progress.note("failed: " + group_error_);
    log::warn("server {}: failed after {} ms", group_spec_.title, ms_since(started));
    finish();
    group_ = std::pair{c.server, c.profile};  // its other cells fail with the same reason
    return;
  }
  log::info("server {}: initialized and started in {} ms", group_spec_.title, ms_since(started));
}

// Loads inst_'s tables, then its data size: the server's figures, and the files' after
// FLUSH TABLES (MyISAM's index blocks written; .ibd and ibdata grow as pages are allocated).
Expected<void> SharedServer::load_and_measure(results::DataSizeRecord& size) {
  if (auto ok = load_instance_tables(inst_.spec, *srv_, size); !ok) return ok;
  auto admin = client::Connection::open(srv_->admin_endpoint());
  if (!admin) return fail(admin.error());
  if (auto ok = admin->execute("FLUSH TABLES"); !ok) return ok;
  host::read_file_sizes(paths_.datadir, std::string(load::kDatabase), shared_before_, size);
  if (size.file_source == "shared tablespace" && loaded_before_) {
    // The dropped tables' pages are reused: the growth no longer measures these tables.
    size.data_file_bytes = 0;
    size.file_source = "shared tablespace (reused: not measured)";
  }
  return {};
}

void SharedServer::load_instance(const config::Cell& c) {
  const auto started = std::chrono::steady_clock::now();
  instance_ = instance_of(c);
  auto spec = instance_spec(ctx_.plan, ctx_.preflight, *instance_, ctx_.password, ctx_.pick_port);
  inst_ = Instance{spec, paths_.dir, {}, size_coordinates(spec)};
  instance_error_.clear();
  ctx_.progress.note(spec.title + ": loading " + tables_text(spec.load));
  if (auto ok = load_and_measure(inst_.data_size); !ok) {
    instance_error_ = ok.error().context("loading " + spec.title).message;
    ctx_.progress.note("failed: " + instance_error_);
    return;
  }
  loaded_before_ = true;
  if (auto ok = ctx_.store.record_data_size(inst_.data_size); !ok)
    ctx_.progress.note("cannot record the data size: " + ok.error().message);
  log::info("instance {}: loaded in {} ms", spec.title, ms_since(started));
}

// The posts' cleanup: the instance's tables go before the next one loads.
void SharedServer::drop_instance() {
  if (!instance_ || !srv_ || crashed_in_ != 0) return;
  auto ep = bench_endpoint(inst_.spec, paths_);
  ep.database = std::string(load::kDatabase);
  if (auto ok = load::drop_tables(ep, inst_.spec.load.tables); !ok)
    log::warn("instance {}: cannot drop its tables: {}", inst_.spec.title, ok.error().message);
  instance_.reset();
}

results::CellRecord SharedServer::run(const config::Cell& c,
                                      const results::CellCoordinates& where) {
  if (!group_ || *group_ != std::pair{c.server, c.profile}) {
    finish();
    start_group(c);
  }
  if (!group_error_.empty()) return not_prepared_cell(where, group_error_);
  if (crashed_in_ != 0)  // nothing more is loaded into a server that crashed
    return failed_cell(where, "not run: the server crashed in cell " + std::to_string(crashed_in_));
  if (!instance_ || *instance_ != instance_of(c)) {
    drop_instance();
    load_instance(c);
  }
  if (!instance_error_.empty()) return not_prepared_cell(where, instance_error_);
  std::error_code ec;
  const LiveServer live{
      my_cnf_, fs::relative(ctx_.dir.log_path(group_spec_.name), ctx_.dir.path(), ec).string()};
  auto rec =
      run_cell_on(*srv_, inst_, cell_load(ctx_.plan, c), where, live, ctx_.progress, ctx_.cancel);
  if (rec.status == results::CellStatus::crashed) crashed_in_ = where.index;
  return rec;
}

void SharedServer::finish() {
  if (srv_) {
    auto stopped = stop_after(*srv_, crashed_in_ != 0, ctx_.cancel);
    if (!stopped) log::warn("server {}: {}", group_spec_.title, stopped.error().message);
    srv_.reset();
  }
  if (group_ && !paths_.datadir.empty()) {
    std::error_code ec;
    fs::rename(paths_.error_log, ctx_.dir.log_path(group_spec_.name), ec);
    fs::remove_all(paths_.datadir, ec);
  }
  group_.reset();
  instance_.reset();
}

}  // namespace versus::run
