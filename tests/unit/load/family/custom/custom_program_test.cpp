#include "load/family/custom/custom_program.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <memory>

#include "load/family/registry.h"
#include "load/family/statement_class.h"
#include "load/step/workload_mix.h"
#include "support/value_specs.h"

using versus::load::Random;
using versus::load::Step;
using versus::load::StepList;
using versus::load::custom::CustomProgram;
using namespace versus::sysbench;
using versus::testing::integer_values;

namespace {

std::shared_ptr<const CustomWorkload> shop_workload() {
  auto w = std::make_shared<CustomWorkload>();
  CustomTransaction read{"read", 3, false, {}};
  read.statements.push_back({"by_id", "SELECT ?", {integer_values(Generator::uniform, 10, 20)}, 5});
  CustomTransaction write{"write", 1, true, {}};
  ValueSpec text;
  text.generator = Generator::list;
  text.values = {"x", "yy"};
  ValueSpec str;
  str.generator = Generator::string;
  str.length = 4;
  write.statements.push_back({"first", "SELECT 1", {}, 9});
  write.statements.push_back({"set", "UPDATE t SET a=?, b=? WHERE id=?",
                              {text, str, integer_values(Generator::uniform, 7, 7)}, 11});
  w->transactions = {read, write};
  return w;
}

}  // namespace

TEST_CASE("custom program: transactions drawn by weight", "[load][custom][custom_program]") {
  CustomProgram p(shop_workload());
  CHECK(p.kind_for(1) == 0);
  CHECK(p.kind_for(3) == 0);
  CHECK(p.kind_for(4) == 1);
  std::vector<Step> steps;
  std::size_t planned = 0;
  Random rng(9);
  std::map<int, int> kinds;
  for (int i = 0; i < 4000; ++i) {
    planned = 0;
    StepList list(steps, planned);
    p.plan(list, rng, false);
    ++kinds[p.kind()];
  }
  CHECK((kinds[0] > 2850 && kinds[0] < 3150));  // 3/4 of 4000, +- 5 sd
}

TEST_CASE("custom program: steps, classes and parameters", "[load][custom][custom_program]") {
  const auto w = shop_workload();
  CustomProgram p(w);
  auto mix = versus::load::mix_for(Workload::custom);
  mix.custom = w;
  const auto classes = versus::load::statement_classes(mix);
  REQUIRE(classes == std::vector<std::string_view>{"by_id", "first", "set", "BEGIN", "COMMIT",
                                                   "ROLLBACK"});
  std::vector<Step> steps;
  std::size_t planned = 0;
  Random rng(1);
  for (int i = 0; i < 50; ++i) {
    planned = 0;
    StepList list(steps, planned);
    const bool retry = i % 2 == 1;
    p.plan(list, rng, retry);
    if (p.kind() == 0) {
      REQUIRE(planned == 1);  // no BEGIN/COMMIT: transaction: false
      CHECK(steps[0].klass == 0);
      CHECK((steps[0].ints[0] >= 10 && steps[0].ints[0] <= 20));
      continue;
    }
    const std::vector<int> expected =
        retry ? std::vector<int>{5, 3, 1, 2, 4} : std::vector<int>{3, 1, 2, 4};
    REQUIRE(planned == expected.size());
    for (std::size_t s = 0; s < planned; ++s) CHECK(steps[s].klass == expected[s]);
    const Step& set = steps[planned - 2];
    CHECK(set.ints[0] == 7);  // integers in order; texts as NUL-ended parts
    const std::string& t = set.text;
    REQUIRE(t.size() >= 7);
    CHECK((t.rfind("x", 0) == 0 || t.rfind("yy", 0) == 0));
    CHECK(std::count(t.begin(), t.end(), '\0') == 2);
    CHECK(t.size() == (t[0] == 'x' ? 1u : 2u) + 1 + 4 + 1);
  }
}

TEST_CASE("custom program: the mix's kinds and classes are the file's",
          "[load][custom][custom_program]") {
  auto mix = versus::load::mix_for(Workload::custom);
  CHECK(versus::load::family_of(mix).name() == "workload file");
  mix.custom = shop_workload();
  CHECK(versus::load::kind_names(mix) == std::vector<std::string_view>{"read", "write"});
  CHECK(versus::load::statement_classes(mix).size() == 6);
}

namespace {
// One transaction: a ticket drawn once, used by two statements; a name read back by the
// first (into:, offline an integer) and used by the second; a new id from a sequence.
std::shared_ptr<const CustomWorkload> ticket_workload(const std::string& name) {
  auto w = std::make_shared<CustomWorkload>();
  w->name = name;
  CustomTransaction t{"bump", 1, true, {}};
  t.values.push_back({"ticket", integer_values(Generator::uniform, 1, 1000)});
  t.values.push_back({"owner", {}, 0, 0});
  CustomStatement read{"read", "SELECT owner FROM t WHERE id = ? FOR UPDATE", {}, 3};
  read.slots = {{true, 0}};
  read.into = {1};
  ValueSpec id = integer_values(Generator::sequence, 101, 2147483647);
  id.table = "events";
  CustomStatement log{"log", "INSERT INTO e VALUES (?, ?, ?)", {id}, 5};
  log.slots = {{false, 0}, {true, 0}, {true, 1}};
  t.statements = {read, log};
  w->transactions = {t};
  return w;
}
}  // namespace

TEST_CASE("custom program: a named value is drawn once per transaction, new ids once per run",
          "[load][custom][custom_program]") {
  const auto w = ticket_workload("tickets-unit");
  CustomProgram a(w), b(w);
  CHECK(a.takes_results());  // the value read back: before and after each step
  std::vector<Step> steps;
  std::size_t planned = 0;
  Random rng(3);
  std::set<long long> ids;
  for (int i = 0; i < 20; ++i) {
    CustomProgram& p = i % 2 ? b : a;  // two sessions share the counter
    planned = 0;
    StepList list(steps, planned);
    p.plan(list, rng, false);
    REQUIRE(planned == 4);  // BEGIN, read, log, COMMIT
    const Step& read = steps[1];
    const Step& log = steps[2];
    CHECK(read.ints[0] == log.ints[1]);  // the same ticket in both
    CHECK((read.ints[0] >= 1 && read.ints[0] <= 1000));
    ids.insert(log.ints[0]);
    CHECK(p.before_step(2, steps[2]));
  }
  // Another file's counter is its own.
  CHECK(ids.size() == 20);
  CHECK(*ids.begin() == 101);
  CHECK(*ids.rbegin() == 120);
  CustomProgram other(ticket_workload("tickets-unit-other"));
  planned = 0;
  StepList list(steps, planned);
  other.plan(list, rng, false);
  CHECK(steps[2].ints[0] == 101);
}
