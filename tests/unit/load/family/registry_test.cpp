// The seam: every built-in workload has its family, and a family plugged in through the
// registry is what the engine then loads, names, explains and plans (a session planning
// without a server), with nothing else to change.
#include "load/family/registry.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "load/drive/session.h"
#include "load/family/explain_template.h"
#include "load/family/loader.h"
#include "load/family/statement_class.h"
#include "sysbench/workload.h"

using versus::Expected;
using versus::sysbench::Workload;
namespace load = versus::load;

namespace {

// A program of one text step, class 0, counting its plans.
class ToyProgram final : public load::TransactionProgram {
 public:
  explicit ToyProgram(int* plans) : plans_(plans) {}
  Expected<void> prepare(MYSQL*) override { return {}; }
  void plan(load::StepList& steps, load::Random&, bool) override {
    ++*plans_;
    steps.add(nullptr, "SELECT 1").klass = 0;
  }
  bool before_step(std::size_t, load::Step&) override { return true; }
  void after_step(std::size_t, const load::Step&) override {}
  int kind() const override { return 0; }

 private:
  int* plans_;
};

// Claims oltp_point_select: its own table, class, template and program.
class ToyFamily final : public load::WorkloadFamily {
 public:
  mutable int plans = 0;
  const versus::sysbench::FamilyTraits& traits() const override {
    return versus::sysbench::oltp_traits();  // it claims one of sysbench's workloads
  }
  std::string_view name() const override { return "toy"; }
  bool runs(Workload w) const override { return w == Workload::oltp_point_select; }
  void choose_tables(const std::vector<Workload>& ws, const load::TableShape&,
                     load::LoadSpec& spec) const override {
    for (Workload w : ws) spec.engine += runs(w) ? "+toy" : "";
  }
  void add_table_names(const load::LoadSpec& spec, std::vector<std::string>& names) const override {
    if (spec.engine.ends_with("+toy")) names.push_back("toy_table");
  }
  Expected<void> load(const load::LoadSpec&) const override { return {}; }
  Expected<void> drop(versus::client::Connection&, const load::LoadSpec&) const override {
    return {};
  }
  std::string identity(const load::LoadSpec&) const override { return "toy\n"; }
  bool owns_table(std::string_view n) const override { return n == "toy_table"; }
  load::WorkloadMix mix(Workload w, const versus::sysbench::StatementCounts&) const override {
    load::WorkloadMix m = load::program_mix(w);
    m.range_size = 7;
    return m;
  }
  std::string dialect(const load::WorkloadMix&) const override { return "toy"; }
  std::vector<std::string_view> statement_classes(const load::WorkloadMix&, bool) const override {
    return {"toy select"};
  }
  std::vector<int> statements_per_transaction(const load::WorkloadMix&) const override {
    return {1};
  }
  std::vector<std::string_view> kind_names(const load::WorkloadMix&) const override { return {}; }
  void add_explain_templates(const load::LoadSpec&, const versus::sysbench::StatementCounts&,
                             std::vector<load::ExplainTemplate>& out) const override {
    out.push_back({"toy", "toy select", "SELECT 1 FROM toy_table"});
  }
  std::unique_ptr<load::TransactionProgram> program(const load::SessionConfig&) const override {
    return std::make_unique<ToyProgram>(&plans);
  }
  Expected<load::PrewarmResult> prewarm(versus::client::Connection&,
                                        const load::SessionConfig&) const override {
    return load::PrewarmResult{};
  }
};

}  // namespace

TEST_CASE("registry: every built-in workload has one family", "[load][family]") {
  for (std::string_view name : versus::sysbench::workload_names()) {
    const auto w = versus::sysbench::workload_from_name(name);
    REQUIRE(w);
    INFO(name);
    int owners = 0;
    for (const load::WorkloadFamily* f : load::families()) owners += f->runs(*w) ? 1 : 0;
    CHECK(owners == 1);
    CHECK(load::mix_for(*w).workload == *w);
  }
  CHECK(load::family_of(Workload::tpcc).name() == "TPC-C");
  CHECK(load::family_of(Workload::custom).name() == "workload file");
  CHECK(load::family_of(Workload::point_query).name() == "sysbench");
  CHECK(load::family_of(Workload::legacy_complex).name() == "sysbench");
}

TEST_CASE("registry: a family plugged in through the seam is the one the engine uses",
          "[load][family]") {
  const ToyFamily toy;
  {
    const load::FamilyRegistration registration(toy);
    CHECK(&load::family_of(Workload::oltp_point_select) == &toy);
    const load::WorkloadMix mix = load::mix_for(Workload::oltp_point_select);
    CHECK(mix.range_size == 7);
    CHECK(load::statement_classes(mix) == std::vector<std::string_view>{"toy select"});

    load::LoadSpec spec = load::tables_for({{Workload::oltp_point_select}, {}, "innodb", 2, 100, {}});
    CHECK(load::table_names(spec) == std::vector<std::string>{"toy_table"});
    const auto templates = load::explain_templates(spec, {});
    REQUIRE(templates.size() == 1);
    CHECK(templates.front().sql == "SELECT 1 FROM toy_table");

    load::SessionConfig config;
    config.mix = mix;
    CHECK(load::Session::plan_classes(config, 1) == std::vector<int>{0});
    CHECK(toy.plans == 1);
    // The other workloads keep their families.
    CHECK(load::family_of(Workload::oltp_read_write).name() == "sysbench");
  }
  CHECK(load::family_of(Workload::oltp_point_select).name() == "sysbench");
  CHECK(load::statement_classes(load::mix_for(Workload::oltp_point_select)).size() == 11);
}
