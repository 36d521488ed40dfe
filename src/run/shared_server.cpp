#include "run/shared_server.h"

#include <chrono>

#include "client/connection.h"
#include "load/data/schema.h"
#include "load/family/loader.h"
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
  auto spec = instance_spec(ctx.plan, ctx.preflight, instance_of(c), ctx.password, &ctx.host);
  spec.timeouts.cancel = ctx.cancel;
  spec.name = server_profile_name(ctx.plan, c.server, c.profile);
  spec.title = ctx.plan.servers[c.server].name + " / " + ctx.plan.profiles[c.profile].name;
  return spec;
}
}  // namespace

Expected<void> SharedServer::start_server() {
  auto conf = configure_instance(group_spec_);
  if (!conf) return fail(conf.error());
  conf_ = std::move(*conf);
  ctx_.progress.note(group_spec_.title + ": initializing the datadir" + ctx_.host.where());
  auto shared = ctx_.host.initialize(group_spec_.release, conf_.paths, {});
  if (!shared) return fail(shared.error());
  shared_before_ = *shared;
  auto srv = start_instance(group_spec_, conf_);
  if (!srv) return fail(srv.error());
  srv_ = std::move(*srv);
  return srv_->create_accounts(group_spec_.password);
}

void SharedServer::start_group(const config::Cell& c) {
  const auto started = std::chrono::steady_clock::now();
  group_ = std::pair{c.server, c.profile};
  group_spec_ = group_spec(ctx_, c);
  conf_ = {};  // nothing of the previous server's is touched again
  group_error_.clear();
  loaded_before_ = false;
  crashed_in_ = 0;
  lost_unresponsive_ = false;
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
  const std::string db(load::kDatabase);
  if (auto ok = ctx_.host.read_file_sizes(conf_.paths.datadir, db, shared_before_, size); !ok)
    return ok;
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
  auto spec = instance_spec(ctx_.plan, ctx_.preflight, *instance_, ctx_.password, &ctx_.host);
  spec.timeouts.cancel = ctx_.cancel;
  inst_ = Instance{spec, conf_.paths.dir, {}, size_coordinates(spec)};
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
  auto ep = bench_endpoint(inst_.spec, *srv_);
  ep.database = std::string(load::kDatabase);
  if (auto ok = load::drop_tables(ep, inst_.spec.load); !ok)
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
  if (crashed_in_ != 0)  // nothing more is loaded into a server that crashed or was killed
    return failed_cell(where, "not run: the server " +
                                  std::string(lost_unresponsive_ ? "stopped answering" : "crashed") +
                                  " in cell " + std::to_string(crashed_in_));
  if (!instance_ || *instance_ != instance_of(c)) {
    drop_instance();
    load_instance(c);
  }
  if (!instance_error_.empty()) return not_prepared_cell(where, instance_error_);
  std::error_code ec;
  const LiveServer live{
      conf_.my_cnf,
      fs::relative(ctx_.dir.log_path(group_spec_.name), ctx_.dir.path(), ec).string()};
  const CellLoad load = cell_load(ctx_.plan, c);
  auto rec = run_cell_on(*srv_, {inst_, load, where, ctx_.progress, ctx_.cancel}, live);
  // Its watchdog killed an unresponsive server: as gone as a crashed one.
  if (rec.status == results::CellStatus::crashed ||
      rec.status == results::CellStatus::unresponsive) {
    crashed_in_ = where.index;
    lost_unresponsive_ = rec.status == results::CellStatus::unresponsive;
  }
  return rec;
}

void SharedServer::finish() {
  if (srv_) {
    auto stopped = stop_after(*srv_, crashed_in_ != 0, ctx_.cancel);
    if (!stopped) log::warn("server {}: {}", group_spec_.title, stopped.error().message);
    srv_.reset();
  }
  if (group_ && !conf_.paths.datadir.empty()) {
    ctx_.host.keep_error_log(conf_.paths.error_log, ctx_.dir.log_path(group_spec_.name));
    (void)ctx_.host.remove(conf_.paths.datadir);
  }
  group_.reset();
  instance_.reset();
}

}  // namespace versus::run
