// Session's planning without a server: the classes its planned steps carry. Executing the
// plan needs a server (integration: driver_test, fidelity_test, legacy_fidelity_test).
#include "load/family/registry.h"
#include "load/drive/session.h"

#include <catch2/catch.hpp>
#include <vector>

#include "load/family/oltp/micro_statements.h"
#include "load/family/oltp/statement_sql.h"
#include "load/family/statement_class.h"
#include "sysbench/workload.h"

using versus::load::mix_for;
using versus::load::Session;
using versus::load::SessionConfig;
using versus::sysbench::Workload;
namespace oltp = versus::load::oltp;

namespace {
std::vector<int> classes_of(Workload w, int tables = 1) {
  SessionConfig config;
  config.mix = mix_for(w);
  config.tables = tables;
  return Session::plan_classes(config, 42);
}
}  // namespace

TEST_CASE("Session: an oltp_read_write transaction's steps carry their classes in sysbench's order",
          "[load][session]") {
  std::vector<int> want{oltp::begin};
  want.insert(want.end(), 10, oltp::point_select);
  for (auto c : {oltp::simple_range, oltp::sum_range, oltp::order_range, oltp::distinct_range,
                 oltp::index_update, oltp::non_index_update, oltp::delete_, oltp::insert,
                 oltp::commit})
    want.push_back(c);
  CHECK(classes_of(Workload::oltp_read_write) == want);
  CHECK(classes_of(Workload::oltp_read_write, 8) == want);  // whatever table each group draws
}

TEST_CASE("Session: a 0.4 complex transaction runs the pair as index update, delete, insert",
          "[load][session]") {
  std::vector<int> want{oltp::begin};
  want.insert(want.end(), 10, oltp::point_select);
  for (auto c : {oltp::simple_range, oltp::sum_range, oltp::order_range, oltp::distinct_range,
                 oltp::index_update, oltp::non_index_update, oltp::index_update, oltp::delete_,
                 oltp::insert, oltp::commit})
    want.push_back(c);
  CHECK(classes_of(Workload::legacy_complex) == want);
}

TEST_CASE("Session: every workload plans each class as often as its mix says", "[load][session]") {
  for (Workload w : {Workload::oltp_read_write, Workload::oltp_read_only, Workload::oltp_write_only,
                     Workload::oltp_point_select, Workload::oltp_update_index,
                     Workload::oltp_update_non_index, Workload::oltp_insert, Workload::oltp_delete,
                     Workload::legacy_complex, Workload::legacy_read_only}) {
    INFO(versus::sysbench::workload_name(w));
    std::vector<int> counted(oltp::class_count, 0);
    for (int c : classes_of(w)) ++counted.at(static_cast<std::size_t>(c));
    CHECK(counted == versus::load::statements_per_transaction(mix_for(w)));
  }
}

TEST_CASE("Session: a microbenchmark plans its one statement, of class 0", "[load][session]") {
  for (const auto& s : versus::load::micro_statements()) {
    INFO(s.class_name);
    CHECK(classes_of(s.workload, 3) == std::vector<int>{0});
  }
}
