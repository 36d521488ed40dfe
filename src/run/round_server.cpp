#include "run/round_server.h"

#include <fmt/format.h>

#include <chrono>

#include "run/cell_inputs.h"
#include "run/cell_run.h"
#include "run/postwrite.h"
#include "run/unmeasured.h"
#include "util/log.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
double elapsed_s(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

Expected<void> RoundServer::start() {
  auto conf = configure_instance(inst_->spec);
  if (!conf) return fail(conf.error());
  conf_ = std::move(*conf);
  if (auto ok = inst_->spec.host->copy_datadir(inst_->snapshot, conf_.paths.datadir); !ok)
    return ok;
  auto srv = start_instance(inst_->spec, conf_);
  if (!srv) return fail(srv.error());
  srv_ = std::move(*srv);
  return {};
}

void RoundServer::begin(const Instance& inst, const config::Cell& c) {
  current_ = std::pair{c.repeat, instance_of(c)};
  inst_ = &inst;
  name_ = fmt::format("{}.round{}", inst.spec.name, c.repeat + 1);
  conf_ = {};
  steps_ = {};
  error_.clear();
  crashed_in_ = 0;
  lost_unresponsive_ = false;
  const auto started = std::chrono::steady_clock::now();
  if (auto ok = start(); !ok) {
    error_ = ok.error().context(fmt::format("{}, round {}", inst.spec.title, c.repeat + 1)).message;
    ctx_.progress.note("failed: " + error_);
    return;
  }
  log::info("{}: round {}'s server started in {:.1f} s", inst.spec.title, c.repeat + 1,
            elapsed_s(started));
}

// One warm-up pass or the postwrite step, logged and noted with its time and outcome.
Expected<void> RoundServer::run_step(const RoundStep& step, const config::Cell& c) {
  const auto started = std::chrono::steady_clock::now();
  std::string outcome;
  if (step.kind == RoundStep::Kind::postwrite) {
    auto done = settle_instance(*inst_, *srv_);
    if (!done) return fail(done.error().context("the postwrite step"));
    outcome = "postwrite: " + postwrite_text(*done);
  } else {
    CellLoad load = cell_load(ctx_.plan, warm_cell(ctx_.plan, step, c));
    load.driver.warmup = {};
    load.driver.duration = ctx_.plan.warm_duration;
    load.driver.max_requests = 0;
    auto ran = run_unmeasured(*inst_, *srv_, load, ctx_.cancel);
    if (!ran) return fail(ran.error().context("the warm-up pass " + step.name));
    const int threads = load.driver.connections;
    outcome = fmt::format("{}: {} transactions at {} thread{}, {:.1f} s (not measured)",
                          step.name, *ran, threads, threads == 1 ? "" : "s", elapsed_s(started));
  }
  log::info("{}: round {}: {}", inst_->spec.title, c.repeat + 1, outcome);
  ctx_.progress.note(fmt::format("{}: {}", inst_->spec.title, outcome));
  return {};
}

Expected<void> RoundServer::run_steps(const config::Cell& c) {
  for (const RoundStep& step : steps_before(ctx_.plan, c, steps_))
    if (auto ok = run_step(step, c); !ok) return ok;
  return {};
}

std::string RoundServer::lost_text() const {
  return fmt::format("not run: the round's server {} in cell {}",
                     lost_unresponsive_ ? "stopped answering" : "crashed", crashed_in_);
}

// The server of `c`'s round and instance, started when either changed.
void RoundServer::enter(const Instance& inst, const config::Cell& c) {
  if (current_ && *current_ == std::pair{c.repeat, instance_of(c)}) return;
  finish();
  begin(inst, c);
}

void RoundServer::replay(const Instance& inst, const config::Cell& c) {
  enter(inst, c);
  if (!error_.empty() || crashed_in_ != 0) return;
  auto ok = run_steps(c);
  const auto started = std::chrono::steady_clock::now();
  const CellLoad load = cell_load(ctx_.plan, c);
  auto ran = ok ? run_unmeasured(inst, *srv_, load, ctx_.cancel)
                : Expected<std::uint64_t>(fail(ok.error()));
  if (!ran) {
    error_ = ran.error().context(fmt::format("{}, round {}: replaying {}", inst.spec.title,
                                             c.repeat + 1, load.workload))
                 .message;
    ctx_.progress.note("failed: " + error_);
    return;
  }
  ctx_.progress.note(fmt::format("{}: round {}: {} replayed unmeasured ({} transactions, {:.1f} s): "
                                 "recorded before the run was resumed",
                                 inst.spec.title, c.repeat + 1, load.workload, *ran,
                                 elapsed_s(started)));
}

results::CellRecord RoundServer::run(const Instance& inst, const config::Cell& c,
                                     const results::CellCoordinates& where) {
  enter(inst, c);
  if (!error_.empty()) return not_prepared_cell(where, error_);
  if (crashed_in_ != 0) return failed_cell(where, lost_text());
  if (auto ok = run_steps(c); !ok) {
    error_ = ok.error().context(fmt::format("{}, round {}", inst.spec.title, c.repeat + 1)).message;
    ctx_.progress.note("failed: " + error_);
    return failed_cell(where, "not run: " + error_);
  }
  std::error_code ec;
  const LiveServer live{conf_.my_cnf,
                        fs::relative(ctx_.dir.log_path(name_), ctx_.dir.path(), ec).string()};
  const CellLoad load = cell_load(ctx_.plan, c);
  auto rec = run_cell_on(*srv_, {inst, load, where, ctx_.progress, ctx_.cancel}, live);
  if (rec.status == results::CellStatus::crashed ||
      rec.status == results::CellStatus::unresponsive) {
    crashed_in_ = where.index;
    lost_unresponsive_ = rec.status == results::CellStatus::unresponsive;
  }
  return rec;
}

void RoundServer::finish() {
  if (srv_) {
    auto stopped = stop_after(*srv_, crashed_in_ != 0, ctx_.cancel);
    if (!stopped) log::warn("server {}: {}", name_, stopped.error().message);
    srv_.reset();
  }
  if (current_ && inst_ && !conf_.paths.datadir.empty()) {
    inst_->spec.host->keep_error_log(conf_.paths.error_log, ctx_.dir.log_path(name_));
    (void)inst_->spec.host->remove(conf_.paths.datadir);
  }
  current_.reset();
  conf_ = {};
}

}  // namespace versus::run
