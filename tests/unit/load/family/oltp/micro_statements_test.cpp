#include "load/family/oltp/micro_statements.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "load/family/oltp/oltp_program.h"
#include "load/family/oltp/statement_sql.h"
#include "load/family/registry.h"
#include "load/step/workload_mix.h"
#include "sysbench/suite.h"
#include "support/golden.h"

using versus::load::draw_micro_values;
using versus::load::micro_list_size;
using versus::load::micro_sql;
using versus::load::micro_statement;
using versus::load::micro_statements;
using versus::load::MicroShape;
using versus::load::MicroValues;
using versus::load::Random;
using versus::sysbench::Workload;

namespace {
// "BETWEEN x AND x+100 (101 ids)": the span of a range drawn as [first, last].
std::string span_text(long long first, long long last) {
  return "BETWEEN x AND x+" + std::to_string(last - first) + " (" +
         std::to_string(last - first + 1) + " ids)";
}

// One microbenchmark: its workload, class, read or write, SQL on sbtest1
// and, for a range, the span its values are drawn with (range_size 100, the default).
std::string micro_text(const versus::load::MicroStatement& s,
                       const versus::sysbench::StatementCounts& counts) {
  std::string text = std::string(versus::sysbench::workload_name(s.workload)) + " (" +
                     std::string(s.class_name) + (s.write ? ", write" : ", read") + "):\n  " +
                     micro_sql(s, "sbtest1", micro_list_size(s, counts)) +
                     "\n";
  if (s.values != MicroValues::id_range && s.values != MicroValues::id_span) return text;
  Random rng(3, {versus::sysbench::RandType::uniform});
  std::vector<long long> v;
  draw_micro_values(s.values, {10000, versus::load::micro_range_size(s, counts), 0}, rng, v);
  return text + "  -- " + span_text(v.at(0), v.at(1)) + "\n";
}

// One transaction of sysbench mix `w` as its program plans it: each statement's SQL on sbtest1
// (a run of one class as "N x"), a range with its span, BEGIN and COMMIT.
std::string transaction_text(Workload w) {
  namespace load = versus::load;
  load::SessionConfig c;
  c.table_size = 10000;
  c.mix = load::mix_for(w);
  load::OltpProgram program(c);
  program.prepare_offline();
  std::vector<load::Step> steps;
  std::size_t planned = 0;
  load::StepList list(steps, planned);
  Random rng(5, {versus::sysbench::RandType::uniform});
  program.plan(list, rng, false);
  std::string text = std::string(versus::sysbench::workload_name(w)) + " (transaction):\n";
  for (std::size_t i = 0; i < planned;) {
    const auto klass = steps[i].klass;
    std::size_t n = 1;
    while (i + n < planned && steps[i + n].klass == klass) ++n;
    const bool frame = klass == load::oltp::begin || klass == load::oltp::commit;
    std::string sql = frame ? steps[i].text : load::kOltpSql[klass];
    if (const auto table = sql.find("{}"); table != std::string::npos)
      sql.replace(table, 2, "sbtest1");
    text += "  " + (n > 1 ? std::to_string(n) + " x " : std::string()) + sql;
    const bool range = klass >= load::oltp::simple_range && klass <= load::oltp::distinct_range;
    if (range) text += "  -- " + span_text(steps[i].ints[0], steps[i].ints[1]);
    text += "\n";
    i += n;
  }
  return text;
}
}  // namespace

TEST_CASE("micro_statements: every microbenchmark's SQL, as prepared on sbtest1 or its own table",
          "[golden]") {
  versus::sysbench::StatementCounts counts;
  counts.inlist_size = 10;
  std::string text;
  for (const auto& s : micro_statements()) text += micro_text(s, counts);
  // The suite's sysbench 1.0 transactions (BEGIN ... COMMIT): the published read-only,
  // read-only-simple .. -distinct, write-only and read-write tests.
  for (Workload w : versus::sysbench::suite_workloads(versus::sysbench::Suite::microbenchmarks))
    if (!versus::sysbench::is_micro(w) && versus::load::mix_for(w).transaction)
      text += transaction_text(w);
  versus::testing::check_golden("micro_statements.sql", text);
}

TEST_CASE("micro_statements: one per microbenchmark, in workload order, classes unique",
          "[load][micro]") {
  std::vector<std::string_view> classes;
  for (auto name : versus::sysbench::workload_names()) {
    const Workload w = *versus::sysbench::workload_from_name(name);
    if (!versus::sysbench::is_micro(w)) continue;
    CHECK(micro_statement(w).workload == w);
    classes.push_back(micro_statement(w).class_name);
  }
  CHECK(classes.size() == micro_statements().size());
  std::sort(classes.begin(), classes.end());
  CHECK(std::adjacent_find(classes.begin(), classes.end()) == classes.end());
}

TEST_CASE("micro_statements: IN-list sizes: inlist_size, 100, hot 100, updates 10",
          "[load][micro]") {
  versus::sysbench::StatementCounts counts;
  counts.inlist_size = 1000;
  CHECK(micro_list_size(micro_statement(Workload::random_points), counts) == 1000);
  CHECK(micro_list_size(micro_statement(Workload::hot_points), counts) == 100);
  CHECK(micro_list_size(micro_statement(Workload::points_notcovered_si), counts) == 100);
  CHECK(micro_list_size(micro_statement(Workload::update_inlist), counts) == 10);
  CHECK(micro_list_size(micro_statement(Workload::point_query), counts) == 0);
  // random_points_10 and random_points_1000 send their own sizes whatever inlist_size says.
  counts.inlist_size = 7;
  CHECK(micro_list_size(micro_statement(Workload::random_points_10), counts) == 10);
  CHECK(micro_list_size(micro_statement(Workload::random_points_1000), counts) == 1000);
  CHECK(micro_list_size(micro_statement(Workload::read_only_count), counts) == 0);
  const auto& s = micro_statement(Workload::random_points);
  const std::string sql = micro_sql(s, "sbtest3", 1000);
  CHECK(std::count(sql.begin(), sql.end(), '?') == 1000);
  CHECK(sql.rfind("SELECT c FROM sbtest3 WHERE id IN (?, ?", 0) == 0);
}

TEST_CASE("micro statements: the published tests' SQL under their names", "[load][micro]") {
  using versus::load::MicroForm;
  auto sql = [](Workload w, int list) { return micro_sql(micro_statement(w), "sbtest1", list); };
  CHECK(sql(Workload::random_points, 2) == "SELECT c FROM sbtest1 WHERE id IN (?, ?)");
  CHECK(sql(Workload::hot_points, 2) == "SELECT c FROM sbtest1 WHERE id IN (?, ?)");
  CHECK(sql(Workload::scan, 0) == "SELECT * FROM sbtest1 WHERE LENGTH(c) < 0");
  CHECK(micro_statement(Workload::scan).form == MicroForm::text);
  CHECK(micro_sql(micro_statement(Workload::update_one), "sbtest3", 0) ==
        "UPDATE sbtest3 SET c=? WHERE id=?");
  CHECK(sql(Workload::update_inlist, 3) == "UPDATE sbtest1 SET c=? WHERE id IN (?, ?, ?)");
  CHECK(sql(Workload::update_zipf, 0) == "UPDATE sbtest1 SET c=? WHERE id=?");
  for (Workload w : {Workload::random_points_10, Workload::random_points_1000})
    CHECK(sql(w, 2) == "SELECT c FROM sbtest1 WHERE id IN (?, ?)");
  // oltp_common.lua's count_ranges over --range-size=1000: x .. x+999, whatever range_size says.
  CHECK(sql(Workload::read_only_count, 0) ==
        "SELECT count(c) FROM sbtest1 WHERE id BETWEEN ? AND ?");
  versus::sysbench::StatementCounts counts;
  counts.range_size = 33;
  CHECK(versus::load::micro_range_size(micro_statement(Workload::read_only_count), counts) ==
        1000);
  CHECK(versus::load::micro_range_size(micro_statement(Workload::range_covered_pk), counts) == 33);
  CHECK(micro_statement(Workload::read_only_count).values == MicroValues::id_span);
  for (Workload w : {Workload::update_one, Workload::update_inlist, Workload::update_zipf})
    CHECK(micro_statement(w).form == MicroForm::prepared_c);
  for (const auto& s : versus::load::micro_statements()) {
    INFO(s.class_name);
    CHECK(std::string_view(s.sql).find("k=k+1") == std::string_view::npos);
    const bool by_k = std::string_view(s.sql).find("k IN") != std::string_view::npos;
    CHECK((!by_k || s.workload == Workload::points_covered_si ||
           s.workload == Workload::points_notcovered_si));
  }
}

TEST_CASE("draw_micro_values: each shape's values", "[load][micro]") {
  Random rng(7, {versus::sysbench::RandType::uniform});
  std::vector<long long> v;
  const MicroShape shape{10000, 50, 100};
  for (int i = 0; i < 200; ++i) {
    draw_micro_values(MicroValues::one_id, shape, rng, v);
    REQUIRE(v.size() == 1);
    CHECK((v[0] >= 1 && v[0] <= 10000));
    draw_micro_values(MicroValues::id_range, shape, rng, v);
    REQUIRE(v.size() == 2);
    CHECK(v[1] - v[0] == 50);  // BETWEEN x AND x+range_size: range_size + 1 ids, as published
    draw_micro_values(MicroValues::id_span, shape, rng, v);
    REQUIRE(v.size() == 2);
    CHECK(v[1] - v[0] == 49);  // BETWEEN x AND x+range_size-1: range_size ids, as oltp_common.lua
    CHECK((v[0] >= 1 && v[0] <= 10000));
    draw_micro_values(MicroValues::id_list, shape, rng, v);
    REQUIRE(v.size() == 100);
    CHECK(*std::min_element(v.begin(), v.end()) >= 1);
    CHECK(*std::max_element(v.begin(), v.end()) <= 10000);
  }
  draw_micro_values(MicroValues::hot_list, shape, rng, v);
  REQUIRE(v.size() == 100);
  CHECK(v.front() == 5001);  // oltp_inlist_select.lua's --hot-points: N/2+1 .. N/2+100
  CHECK(v.back() == 5100);
  std::vector<long long> again;
  draw_micro_values(MicroValues::hot_list, shape, rng, again);
  CHECK(again == v);  // fixed: the same every transaction
  draw_micro_values(MicroValues::first_id, shape, rng, v);
  CHECK(v == std::vector<long long>{1});  // update-one's row, whatever the table size
  draw_micro_values(MicroValues::none, shape, rng, v);
  CHECK(v.empty());
  // A table smaller than the hot list: the values start at 1.
  draw_micro_values(MicroValues::hot_list, MicroShape{50, 1, 100}, rng, v);
  CHECK(v.front() == 1);
  // Smaller than twice the list: the list ends at the table's last row.
  draw_micro_values(MicroValues::hot_list, MicroShape{150, 1, 100}, rng, v);
  CHECK(v.front() == 51);
  CHECK(v.back() == 150);
}

TEST_CASE("draw_micro_values: update_zipf's ids are zipfian whatever rand_type says",
          "[load][micro]") {
  Random rng(11, {versus::sysbench::RandType::uniform});
  std::vector<long long> v;
  int ones = 0;
  for (int i = 0; i < 10000; ++i) {
    draw_micro_values(MicroValues::zipfian_id, MicroShape{10000, 1, 0}, rng, v);
    ones += v.at(0) == 1;
  }
  // Zipf 0.8 on 10000 values: P(1) = 1 / sum k^-0.8 = 0.0369, 369 +- 75 (4 sigma) of 10000
  // draws (uniform: 1).
  CHECK(ones > 294);
  CHECK(ones < 444);
}

TEST_CASE("mix_for: a microbenchmark is one read or one write, no transaction",
          "[load][micro][workload_mix]") {
  versus::sysbench::StatementCounts counts;
  counts.inlist_size = 7;
  counts.range_size = 33;
  const auto r = versus::load::mix_for(Workload::range_covered_si, counts);
  CHECK(r.micro() == Workload::range_covered_si);
  CHECK(r.reads() == 1);
  CHECK(r.writes() == 0);
  CHECK(r.others() == 0);
  CHECK(r.range_size == 33);
  CHECK(r.inlist_size == 7);
  const auto w = versus::load::mix_for(Workload::update_inlist, counts);
  CHECK(w.reads() == 0);
  CHECK(w.writes() == 1);
  CHECK_FALSE(versus::load::mix_for(Workload::oltp_read_only).micro());
}

TEST_CASE("mix_for: read_only_range_N is oltp_read_only with range_size N",
          "[load][micro][workload_mix]") {
  versus::sysbench::StatementCounts counts;
  counts.range_size = 5;
  for (auto [w, size] :
       {std::pair{Workload::read_only_range_10, 10}, std::pair{Workload::read_only_range_100, 100},
        std::pair{Workload::read_only_range_10000, 10000}}) {
    auto m = versus::load::mix_for(w, counts);
    auto ro = versus::load::mix_for(Workload::oltp_read_only, counts);
    CHECK(m.range_size == size);
    ro.range_size = size;
    CHECK(m.reads() == ro.reads());
    CHECK(m.writes() == 0);
    CHECK(m.transaction);
    CHECK_FALSE(m.micro());
  }
}

TEST_CASE("mix_for: random_points_N and read_only_count record the sizes they send",
          "[load][micro][workload_mix]") {
  versus::sysbench::StatementCounts counts;
  counts.inlist_size = 7;
  counts.range_size = 33;
  CHECK(versus::load::mix_for(Workload::random_points, counts).inlist_size == 7);
  CHECK(versus::load::mix_for(Workload::random_points_10, counts).inlist_size == 10);
  CHECK(versus::load::mix_for(Workload::random_points_1000, counts).inlist_size == 1000);
  const auto count = versus::load::mix_for(Workload::read_only_count, counts);
  CHECK(count.micro() == Workload::read_only_count);
  CHECK(count.range_size == 1000);  // the published --range-size=1000
  CHECK(count.reads() == 1);
  CHECK(count.others() == 0);  // --skip-trx: autocommit, no BEGIN/COMMIT
  CHECK_FALSE(count.transaction);
}

TEST_CASE("mix_for: read_only_simple .. read_only_distinct: 10 point selects and one range of "
          "1000 ids in BEGIN ... COMMIT",
          "[load][micro][workload_mix]") {
  using M = versus::load::WorkloadMix;
  versus::sysbench::StatementCounts counts;
  counts.range_size = 5;
  counts.simple_ranges = counts.sum_ranges = 3;  // run's counts: not these tests'
  for (auto [w, field] : {std::pair{Workload::read_only_simple, &M::simple_ranges},
                          std::pair{Workload::read_only_sum, &M::sum_ranges},
                          std::pair{Workload::read_only_order, &M::order_ranges},
                          std::pair{Workload::read_only_distinct, &M::distinct_ranges}}) {
    INFO(versus::sysbench::workload_name(w));
    const auto m = versus::load::mix_for(w, counts);
    CHECK(m.point_selects == 10);
    CHECK(m.*field == 1);
    CHECK(m.reads() == 11);  // the other three kinds none
    CHECK(m.writes() == 0);
    CHECK(m.range_size == 1000);
    CHECK(m.transaction);
    CHECK_FALSE(m.micro());
    CHECK(m.workload == w);
  }
}

TEST_CASE("mix_for: read_write_range_10 is oltp_read_write with range_size 10",
          "[load][micro][workload_mix]") {
  versus::sysbench::StatementCounts counts;
  counts.range_size = 100;
  const auto m = versus::load::mix_for(Workload::read_write_range_10, counts);
  auto rw = versus::load::mix_for(Workload::oltp_read_write, counts);
  CHECK(m.range_size == 10);
  CHECK(rw.range_size == 100);
  CHECK(m.reads() == rw.reads());
  CHECK(m.writes() == rw.writes());
  CHECK(m.reads() == 14);
  CHECK(m.writes() == 4);  // index update, non-index update, delete + insert
  CHECK(m.transaction);
  CHECK_FALSE(m.micro());
}
