#include "run/after_writes.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "run/cell_inputs.h"
#include "run/postwrite.h"
#include "run/unmeasured.h"
#include "sysbench/suite.h"
#include "util/log.h"

namespace versus::run {
namespace {
// The seconds `writes` take: warmups and durations (a request-limited load counts 0).
double writes_seconds(const std::vector<CellLoad>& writes) {
  double s = 0;
  for (const CellLoad& w : writes)
    s += std::chrono::duration<double>(w.driver.warmup + w.driver.duration).count();
  return s;
}

// Starts `spec` on `conf`'s datadir, runs `writes` and the postwrite step, stops it.
Expected<std::vector<PostwriteAction>> run_writes(const Instance& inst, const InstanceSpec& spec,
                                                  host::Configured& conf,
                                                  const std::vector<CellLoad>& writes,
                                                  const std::atomic<bool>* cancel) {
  auto srv = start_instance(spec, conf);
  if (!srv) return fail(srv.error());
  for (const CellLoad& w : writes) {
    auto ran = run_unmeasured(inst, **srv, w, cancel);
    if (!ran) {
      (void)(*srv)->stop();
      return fail(ran.error());
    }
    log::info("{}: {} ran {} transactions before the second read pass", inst.spec.title,
              w.workload, *ran);
  }
  auto settled = settle_instance(inst, **srv);
  auto stopped = (*srv)->stop();
  if (!settled) return fail(settled.error());
  if (!stopped) return fail(stopped.error());
  return settled;
}
}  // namespace

std::vector<CellLoad> writes_before_reads(const config::Plan& plan, const InstanceKey& k) {
  std::vector<CellLoad> out;
  const int threads = *std::max_element(plan.threads.begin(), plan.threads.end());
  for (std::size_t w = 0; w < plan.workloads.size(); ++w) {
    if (!config::writes_before_second_pass(plan, w)) continue;
    out.push_back(cell_load(plan, {k.server, k.profile, k.engine, w, threads, 0, k.size}));
  }
  return out;
}

Expected<Instance> prepare_after_writes(const Instance& inst, const std::vector<CellLoad>& writes,
                                        const host::RunDirectory& run,
                                        results::ProgressSink& progress,
                                        const std::atomic<bool>* cancel) {
  Instance after = inst;
  after.spec.name += sysbench::kAfterWritesSuffix;
  after.spec.title += " (after the writes)";
  progress.note(fmt::format("{}: running its {} writes ({:.0f} s) before the reads' second pass",
                            inst.spec.title, writes.size(), writes_seconds(writes)));
  auto conf = configure_instance(after.spec);
  if (!conf) return fail(conf.error().context(after.spec.title));
  if (auto ok = after.spec.host->copy_datadir(inst.snapshot, conf->paths.datadir); !ok)
    return fail(ok.error().context(after.spec.title));
  auto ran = run_writes(inst, after.spec, *conf, writes, cancel);
  after.spec.host->keep_error_log(conf->paths.error_log,
                                  run.log_path(after.spec.name + ".prepare"));
  if (!ran) return fail(ran.error().context("running the writes on " + inst.spec.title));
  const std::string postwrite = postwrite_text(*ran);
  log::info("{}: postwrite: {}", inst.spec.title, postwrite);
  progress.note(fmt::format("{}: postwrite: {}", inst.spec.title, postwrite));
  auto snapshot = after.spec.host->keep_snapshot(conf->paths);
  if (!snapshot)
    return fail(snapshot.error().context("keeping the snapshot of " + after.spec.title));
  after.snapshot = *snapshot;
  return after;
}

}  // namespace versus::run
