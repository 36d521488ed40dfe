#include "run/server_load.h"

#include "client/connection.h"
#include "load/family/registry.h"

namespace versus::run {

namespace {

Expected<void> check_limits(const ServerLoad& l) {
  auto conn = client::Connection::open(l.admin, client::Connection::Role::admin);
  if (!conn) return fail(conn.error());
  return load::check_server_limits(*conn, l.driver.session.mix, l.driver.connections,
                                   l.driver.session.tables, l.limits_owner, l.engine);
}

Expected<load::StatusSnapshot> status_now(const client::Endpoint& admin) {
  auto conn = client::Connection::open(admin, client::Connection::Role::admin);
  if (!conn) return fail(conn.error());
  return load::snapshot_status(*conn);
}

Expected<load::PrewarmResult> prewarm(const ServerLoad& l) {
  auto conn = client::Connection::open(l.driver.session.endpoint);
  if (!conn) return fail(conn.error());
  return load::family_of(l.driver.session.mix).prewarm(*conn, l.driver.session);
}

}  // namespace

Expected<LoadOutcome> run_server_load(const ServerLoad& l, const load::ProgressFn& progress,
                                      const std::atomic<bool>* cancel) {
  if (auto ok = check_limits(l); !ok) return fail(ok.error());
  std::optional<load::PrewarmResult> warmed;
  if (l.prewarm) {
    auto w = prewarm(l);
    if (!w) return fail(w.error());
    warmed = *w;
  }
  std::optional<load::StatusSnapshot> before;
  if (l.status_deltas) {
    auto b = status_now(l.admin);
    if (!b) return fail(b.error());
    before = std::move(*b);
  }
  auto r = load::run_load(l.driver, progress, cancel);
  if (!r) return fail(r.error());
  LoadOutcome out{std::move(*r), std::nullopt, warmed};
  if (before)
    if (auto after = status_now(l.admin)) out.status = load::status_delta(*before, *after);
  return out;
}

measured::WarmupRecord warmup_record(const LoadOutcome& lr) {
  const load::WarmupOutcome& w = lr.result.warmup;
  return {true,      lr.prewarm.has_value(), lr.prewarm ? lr.prewarm->seconds : 0,
          w.seconds, w.until_steady,         w.steady};
}

}  // namespace versus::run
