// A replayed log through the seam: its family chosen by the workload, its dump apart from the
// workload files' tables and in the instance's identity, its log checked before any server
// starts, its classes.
#include "load/family/replay/replay_family.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "load/family/registry.h"
#include "sysbench/family_traits.h"

namespace fs = std::filesystem;
using versus::sysbench::CustomWorkload;
using versus::sysbench::ReplayWorkload;
using versus::sysbench::Workload;
namespace load = versus::load;

namespace {

struct LogDir {
  fs::path root = fs::temp_directory_path() / ("versus-replay-" + std::to_string(::getpid()));
  LogDir() { fs::create_directories(root); }
  ~LogDir() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  // A replay workload of the log `text`.
  std::shared_ptr<const CustomWorkload> replay(const std::string& name, const std::string& text,
                                               bool writes = false) const {
    std::ofstream(root / name) << text;
    auto r = std::make_shared<ReplayWorkload>();
    r->log = root / name;
    r->source = name;
    r->writes = writes;
    r->data = root / "dump.sql";
    r->data_key = "0123abcd";
    auto w = std::make_shared<CustomWorkload>();
    w->name = "replay-" + fs::path(name).stem().string();
    w->replay = r;
    return w;
  }
};

load::WorkloadMix mix_of(const std::shared_ptr<const CustomWorkload>& w) {
  auto mix = load::mix_for(Workload::replay);
  mix.custom = w;
  return mix;
}

}  // namespace

TEST_CASE("replay family: chosen by its workload, its dump apart from workload files'",
          "[load][replay]") {
  const LogDir dir;
  CHECK(load::family_of(Workload::replay).name() == "replay");
  CHECK(&load::family_of(Workload::replay) == &load::replay_family());
  CHECK(versus::sysbench::traits_of_named("replay-shop").name == "replay");
  CHECK(versus::sysbench::traits_of_named("shop").name == "workload file");
  const auto w = dir.replay("shop.log", "SELECT 1;\n");
  auto spec = load::tables_for({{Workload::replay}, {w}, "innodb", 3, 100, {}});
  CHECK(spec.custom.empty());
  REQUIRE(spec.replays.size() == 1);
  CHECK(spec.tables == 0);  // no sbtest tables for a replay alone
  CHECK(load::table_names(spec).empty());
  CHECK(load::replay_family().identity(spec) == "replay data 0123abcd\n");
  CHECK(load::replay_family().dialect(mix_of(w)) == "replay");
  CHECK(load::kind_names(mix_of(w)).empty());
}

TEST_CASE("replay family: the log checked before any server starts, its classes",
          "[load][replay]") {
  const LogDir dir;
  const auto good = dir.replay("good.log", "USE shop;\nSELECT a FROM t WHERE id = 1;\n");
  REQUIRE(load::replay_family().check(mix_of(good)));
  const auto names = load::replay_family().statement_classes(mix_of(good), false);
  CHECK(names ==
        std::vector<std::string_view>{"use ?", "rollback", "select a from t where id = ?"});
  const auto bad = dir.replay("bad.log", "SELECT 1;\nDELETE FROM t;\n");
  auto refused = load::replay_family().check(mix_of(bad));
  REQUIRE_FALSE(refused);
  CHECK(
      refused.error().message.starts_with("bad.log:2: DELETE writes, and the replay is read-only"));
  const auto allowed = dir.replay("writes.log", "SELECT 1;\nDELETE FROM t;\n", true);
  CHECK(load::replay_family().check(mix_of(allowed)));
  // A weighted replay with nothing left to draw: refused, naming the log and what it needs.
  auto weighted = [&dir](const std::string& name, const std::string& text) {
    auto r = std::make_shared<ReplayWorkload>(*dir.replay(name, text)->replay);
    r->order = versus::sysbench::ReplayOrder::weighted;
    auto w = std::make_shared<CustomWorkload>();
    w->name = "replay-" + fs::path(name).stem().string();
    w->replay = r;
    return w;
  };
  CHECK(load::replay_family().check(mix_of(weighted("mixed.log", "SELECT 1;\n"))));
  auto empty = load::replay_family().check(
      mix_of(weighted("state.log", "SET @a := 1;\nBEGIN;\nSELECT @a;\nCOMMIT;\n")));
  REQUIRE_FALSE(empty);
  CHECK(empty.error().message.starts_with(
      "state.log: replay_order: weighted has no statement to draw: expected a statement "
      "outside a transaction"));
  const auto missing = dir.replay("gone.log", "");
  fs::remove(dir.root / "gone.log");
  CHECK_FALSE(load::replay_family().check(mix_of(missing)));
}

TEST_CASE("replay family: its cells run the results pass unless replay_compare is false",
          "[load][replay]") {
  const LogDir dir;
  load::SessionConfig c;
  c.mix = mix_of(dir.replay("shop.log", "SELECT 1;\n"));
  CHECK(load::replay_family().compares_results(c));
  auto off = std::make_shared<ReplayWorkload>(*dir.replay("off.log", "SELECT 1;\n")->replay);
  off->compare = false;
  auto w = std::make_shared<CustomWorkload>();
  w->name = "replay-off";
  w->replay = off;
  c.mix = mix_of(w);
  CHECK_FALSE(load::replay_family().compares_results(c));
  // Other families record no results.
  load::SessionConfig sysbench;
  sysbench.mix = load::mix_for(Workload::oltp_read_only);
  CHECK_FALSE(load::family_of(sysbench.mix).compares_results(sysbench));
}
