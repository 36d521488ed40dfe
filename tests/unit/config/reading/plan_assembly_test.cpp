// assemble_plan: converted top-level fields moved into their Plan members, with the encodings
// the table stores (steady as -1 ms, auto as 0, choices as names) made into the Plan's own, and
// a request limit given alone ending each cell by itself.
#include "config/reading/plan_assembly.h"

#include <catch2/catch.hpp>

using namespace versus::config;
using std::chrono::milliseconds;
using versus::sysbench::RandType;
using versus::sysbench::Workload;

namespace {

// The Plan of `fields`, each given on its own line (1, 2, ...) unless `given` is false.
Plan assembled(std::vector<std::pair<Key, Value>> values, bool given = true) {
  Fields fields;
  int line = 0;
  for (auto& [key, value] : values) fields.emplace(key, Field{std::move(value), ++line, given});
  return assemble_plan(fields, "m.yaml");
}

}  // namespace

TEST_CASE("plan assembly: the source, and the fields a plain member takes",
          "[config][plan_assembly]") {
  const Plan plan =
      assembled({{Key::engines, std::vector<std::string>{"myisam", "aria"}},
                 {Key::workloads, std::vector<WorkloadEntry>{{Workload::oltp_point_select, nullptr},
                                                             {Workload::legacy_complex, nullptr}}},
                 {Key::threads, std::vector<std::int64_t>{1, 64}},
                 {Key::tables, std::int64_t{4}},
                 {Key::table_size, std::vector<std::int64_t>{1000, 50000}},
                 {Key::seed, std::int64_t{4611686018427387903LL}},
                 {Key::ignore_errors, std::vector<std::int64_t>{1062, 65535}}});
  CHECK(plan.source == "m.yaml");
  CHECK(plan.engines == std::vector<std::string>{"myisam", "aria"});
  CHECK(plan.workloads ==
        std::vector<Workload>{Workload::oltp_point_select, Workload::legacy_complex});
  CHECK(plan.workload_files.size() == 2);
  CHECK(plan.threads == std::vector<int>{1, 64});
  CHECK(plan.tables == 4);
  CHECK(plan.table_sizes == std::vector<std::int64_t>{1000, 50000});
  CHECK(plan.seed == 4611686018427387903ULL);
  CHECK(plan.ignore_errors == std::vector<unsigned>{1062, 65535});
}

TEST_CASE("plan assembly: warmup steady is stored as -1 ms, the plan's warmup then 0",
          "[config][plan_assembly]") {
  const Plan steady =
      assembled({{Key::warmup, milliseconds{-1}}, {Key::warmup_max, milliseconds{90'000}}});
  CHECK(steady.warmup_steady);
  CHECK(steady.warmup == milliseconds{0});
  CHECK(steady.warmup_max == milliseconds{90'000});
  const Plan fixed = assembled({{Key::warmup, milliseconds{5000}}});
  CHECK_FALSE(fixed.warmup_steady);
  CHECK(fixed.warmup == milliseconds{5000});
}

TEST_CASE("plan assembly: repeats auto is stored as 0", "[config][plan_assembly]") {
  const Plan automatic =
      assembled({{Key::repeats, std::int64_t{0}}, {Key::max_repeats, std::int64_t{6}}});
  CHECK(automatic.auto_repeats);
  CHECK(automatic.repeats == 0);
  CHECK(automatic.max_repeats == 6);
  const Plan fixed = assembled({{Key::repeats, std::int64_t{3}}});
  CHECK_FALSE(fixed.auto_repeats);
  CHECK(fixed.repeats == 3);
}

TEST_CASE("plan assembly: choices become the plan's enums", "[config][plan_assembly]") {
  const Plan chosen = assembled({{Key::transport, std::string("tcp")},
                                 {Key::lifecycle, std::string("server")},
                                 {Key::thread_placement, std::string("colocate")},
                                 {Key::metric, std::string("p95")},
                                 {Key::rand_type, std::string("pareto")},
                                 {Key::rand_pareto_h, 0.3}});
  CHECK(chosen.transport == Transport::tcp);
  CHECK(chosen.lifecycle == Lifecycle::server);
  CHECK(chosen.colocate);
  CHECK(chosen.metric == Metric::p95);
  CHECK(chosen.rand.type == RandType::pareto);
  CHECK(chosen.rand.pareto_h == 0.3);
  const Plan defaults = assembled({{Key::transport, std::string("socket")},
                                   {Key::lifecycle, std::string("cell")},
                                   {Key::thread_placement, std::string("free")}});
  CHECK(defaults.transport == Transport::socket);
  CHECK(defaults.lifecycle == Lifecycle::cell);
  CHECK_FALSE(defaults.colocate);
}

TEST_CASE("plan assembly: statement counts and range size go to the counts",
          "[config][plan_assembly]") {
  const Plan plan = assembled({{Key::point_selects, std::int64_t{7}},
                               {Key::delete_inserts, std::int64_t{0}},
                               {Key::range_size, std::int64_t{50}},
                               {Key::rand_spec_pct, std::int64_t{5}}});
  CHECK(plan.counts.point_selects == 7);
  CHECK(plan.counts.delete_inserts == 0);
  CHECK(plan.counts.range_size == 50);
  CHECK(plan.counts.simple_ranges == versus::sysbench::StatementCounts{}.simple_ranges);
  CHECK(plan.rand.spec_pct == 5);
}

TEST_CASE("plan assembly: the charset's and collation's lines are kept",
          "[config][plan_assembly]") {
  const Plan plan = assembled({{Key::tables, std::int64_t{1}},
                               {Key::table_charset, std::string("latin1")},
                               {Key::table_collation, std::string("latin1_bin")}});
  CHECK(plan.table_charset == "latin1");
  CHECK(plan.table_charset_line == 2);
  CHECK(plan.table_collation == "latin1_bin");
  CHECK(plan.table_collation_line == 3);
}

TEST_CASE("plan assembly: max_requests without a given duration ends cells by itself",
          "[config][plan_assembly]") {
  const Plan alone = assembled({{Key::max_requests, std::int64_t{1000}}});
  CHECK(alone.max_requests == 1000);
  CHECK(alone.duration == milliseconds{0});
  CHECK_FALSE(alone.duration_given);
  // The table's default duration (given = false) does not count as given.
  Fields defaulted;
  defaulted.emplace(Key::duration, Field{milliseconds{10'000}, 0, false});
  defaulted.emplace(Key::max_requests, Field{std::int64_t{1000}, 3, true});
  const Plan limited = assemble_plan(defaulted, "m.yaml");
  CHECK(limited.duration == milliseconds{0});
  CHECK_FALSE(limited.duration_given);
  const Plan both =
      assembled({{Key::duration, milliseconds{30'000}}, {Key::max_requests, std::int64_t{1000}}});
  CHECK(both.duration == milliseconds{30'000});
  CHECK(both.duration_given);
  const Plan timed = assembled({{Key::duration, milliseconds{10'000}}}, false);
  CHECK(timed.duration == milliseconds{10'000});  // no request limit: the default stands
  CHECK_FALSE(timed.duration_given);
}
