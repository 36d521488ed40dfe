#include "run/unmeasured.h"

#include "load/data/schema.h"
#include "run/server_load.h"

namespace versus::run {

Expected<std::uint64_t> run_unmeasured(const Instance& inst, host::StartedServer& srv,
                                       const CellLoad& load, const std::atomic<bool>* cancel) {
  if (cancel && cancel->load()) return fail(load.workload + ": interrupted");
  ServerLoad request{load.driver, srv.admin_endpoint()};
  request.driver.session.endpoint = bench_endpoint(inst.spec, srv);
  request.driver.session.endpoint.database = std::string(load::kDatabase);
  request.engine = inst.spec.load.engine;
  auto out = run_server_load(request, {}, cancel);
  if (!out) return fail(out.error().context(load.workload));
  if (out->result.counters.transactions == 0)
    return fail(load.workload + ": no transaction completed");
  return out->result.counters.transactions;
}

Expected<std::vector<PostwriteAction>> settle_instance(const Instance& inst,
                                                       host::StartedServer& srv) {
  const load::LoadSpec& l = inst.spec.load;
  return run_postwrite({srv.admin_endpoint(), std::string(load::kDatabase), l.engine,
                        static_cast<std::int64_t>(l.tables) * l.table_size});
}

}  // namespace versus::run
