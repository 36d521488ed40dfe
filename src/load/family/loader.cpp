#include "load/family/loader.h"

#include "client/connection.h"
#include "load/family/registry.h"

namespace versus::load {

// sql_log_bin refused: a server without the variable (1193), an account without the
// privilege (1227).
Expected<void> skip_binlog(client::Connection& conn) {
  if (auto ok = conn.execute("SET SESSION sql_log_bin=0"); !ok) {
    unsigned err = conn.last_errno();
    if (err != 1193 && err != 1227) return ok;
  }
  return {};
}

std::string database_of(const client::Endpoint& ep) {
  return ep.database.empty() ? std::string(kDatabase) : ep.database;
}

std::string quote_identifier(const std::string& name) {
  std::string out = "`";
  for (char ch : name) out += ch == '`' ? std::string("``") : std::string(1, ch);
  return out + "`";
}

Expected<void> create_database(const client::Endpoint& ep) {
  client::Endpoint no_db = ep;
  no_db.database.clear();
  auto conn = client::Connection::open(no_db);
  if (!conn) return fail(conn.error());
  return conn->execute("CREATE DATABASE IF NOT EXISTS " + quote_identifier(database_of(ep)));
}

LoadSpec tables_for(const TableRequest& request) {
  LoadSpec spec;
  spec.engine = request.engine;
  spec.tables = 0;
  spec.table_size = request.size;
  spec.distribution = request.distribution;
  for (const auto& file : request.files)
    if (file && file->replay)
      spec.replays.push_back(file->replay);
    else
      spec.custom.push_back(file);
  for (const WorkloadFamily* f : families()) {
    std::vector<sysbench::Workload> its;
    for (sysbench::Workload w : request.workloads)
      if (&family_of(w) == f) its.push_back(w);
    f->choose_tables(its, {request.tables, request.size}, spec);
  }
  return spec;
}

LoadSpec every_fixed_table(int tables) {
  LoadSpec spec;
  spec.tables = tables;
  spec.legacy_table = true;
  spec.warehouses = 1;
  return spec;
}

std::vector<std::string> table_names(const LoadSpec& spec) {
  std::vector<std::string> names;
  for (const WorkloadFamily* f : families()) f->add_table_names(spec, names);
  return names;
}

Expected<void> load_tables(const LoadSpec& spec) {
  if (auto ok = create_database(spec.endpoint); !ok) return ok;
  for (const WorkloadFamily* f : families())
    if (auto ok = f->load(spec); !ok) return ok;
  return {};
}

Expected<void> drop_tables(const client::Endpoint& ep, const LoadSpec& spec) {
  auto conn = client::Connection::open(ep);
  if (!conn) return fail(conn.error());
  for (const WorkloadFamily* f : families())
    if (auto ok = f->drop(*conn, spec); !ok) return ok;
  return {};
}

}  // namespace versus::load
