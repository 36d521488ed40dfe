#pragma once
// The JSON fields of where a run measured (docs/output.md): the run's "machine" (also its
// "server_host"'s and each host's), its "shard" and a merged run's "hosts", declared as
// results/record/json_fields.h reads and writes them; record_fields.h declares the run around them.
#include "results/record/json_fields.h"
#include "results/record/record.h"

namespace versus::results {

// The run's "machine" (and each host's); "hostname" only when known.
template <class V>
void fields(V& v, Visited<V, MachineFacts>& m) {
  v.required("cpu_model", m.cpu_model);
  v.required("cores", m.cores);
  v.required("kernel", m.kernel);
  v.required("governor", m.governor);
  v.required("memory_bytes", m.memory_bytes);
  v.optional("hostname", m.hostname, When{!m.hostname.empty()});
}

// The run's "shard".
template <class V>
void fields(V& v, Visited<V, ShardInfo>& s) {
  v.required("plan_id", s.plan_id);
  v.required("index", s.index);
  v.required("count", s.count);
}

// One of a merged run's "hosts".
template <class V>
void fields(V& v, Visited<V, ShardHost>& h) {
  v.required("shard", h.shard);
  v.required("run_id", h.run_id);
  v.required("machine", h.machine);
}

}  // namespace versus::results
