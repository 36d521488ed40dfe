#include "load/family/oltp/micro_statements.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "load/family/registry.h"
#include "load/step/workload_mix.h"
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

TEST_CASE("micro_statements: every microbenchmark's SQL, as prepared on sbtest1 or its own table",
          "[golden]") {
  versus::sysbench::StatementCounts counts;
  counts.inlist_size = 10;
  std::string text;
  for (const auto& s : micro_statements()) {
    text += std::string(versus::sysbench::workload_name(s.workload)) + " (" +
            std::string(s.class_name) + (s.write ? ", write" : ", read") + "):\n  " +
            micro_sql(s, s.table.empty() ? "sbtest1" : s.table, micro_list_size(s, counts)) + "\n";
  }
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
  CHECK(micro_sql(micro_statement(Workload::update_one), "sbtest_one", 0) ==
        "UPDATE sbtest_one SET c=? WHERE id=?");
  CHECK(sql(Workload::update_inlist, 3) == "UPDATE sbtest1 SET c=? WHERE id IN (?, ?, ?)");
  CHECK(sql(Workload::update_zipf, 0) == "UPDATE sbtest1 SET c=? WHERE id=?");
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
    draw_micro_values(MicroValues::id_list, shape, rng, v);
    REQUIRE(v.size() == 100);
    CHECK(*std::min_element(v.begin(), v.end()) >= 1);
    CHECK(*std::max_element(v.begin(), v.end()) <= 10000);
  }
  draw_micro_values(MicroValues::hot_list, shape, rng, v);
  REQUIRE(v.size() == 100);
  CHECK(v.front() == 4951);  // 100 values centred on the middle: 4951..5050
  CHECK(v.back() == 5050);
  std::vector<long long> again;
  draw_micro_values(MicroValues::hot_list, shape, rng, again);
  CHECK(again == v);  // fixed: the same every transaction
  draw_micro_values(MicroValues::one_row_id, shape, rng, v);
  CHECK(v == std::vector<long long>{1});  // the one row of sbtest_one, whatever the table size
  draw_micro_values(MicroValues::none, shape, rng, v);
  CHECK(v.empty());
  // A table smaller than the hot list: the values start at 1.
  draw_micro_values(MicroValues::hot_list, MicroShape{50, 1, 100}, rng, v);
  CHECK(v.front() == 1);
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
