// configs/seeds/: every matrix of the five published posts parses, with placeholder servers
// given the way its header says to run it (--server NAME=BASEDIR), and has a small version
// in configs/seeds/small/ of the same shape. No server is started: the integration test
// (tests/integration/seed_configs_test.cpp) runs the small versions on the real releases.
#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "config/plan/plan.h"
#include "config/reading/matrix_parser.h"
#include "shared/files.h"

namespace {
namespace fs = std::filesystem;
using versus::config::MatrixOverrides;
using versus::config::Plan;
using versus::testing::text_of;
using versus::testing::yaml_files;

const fs::path kSource = VERSUS_SOURCE_DIR;

// The comment lines before the first key.
std::string header_of(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line) && line.rfind('#', 0) == 0;) out += line + "\n";
  return out;
}

// Every server of the file, each given an existing placeholder basedir with --server (the
// parser checks only that it is a directory; which release it holds is the preflight's).
MatrixOverrides placeholder_servers(const std::string& text, std::vector<std::string>* names) {
  MatrixOverrides o;
  for (const YAML::Node& s : YAML::Load(text)["servers"]) {
    const std::string name = s["name"].as<std::string>();
    if (names != nullptr && !s["basedir"]) names->push_back(name);
    o.servers.push_back(name + "=" + kSource.string());
  }
  return o;
}

Plan parse(const fs::path& file, std::vector<std::string>* names_without_basedir = nullptr) {
  const std::string text = text_of(file);
  auto plan = versus::config::parse_matrix_text(text, file.filename().string(), kSource,
                                                placeholder_servers(text, names_without_basedir));
  INFO((plan ? std::string() : plan.error().message));
  REQUIRE(plan);
  return *plan;
}

std::set<std::string> workload_names(const Plan& p) {
  std::set<std::string> out;
  for (const auto& w : p.workloads) out.insert(std::string(versus::sysbench::workload_name(w)));
  return out;
}
}  // namespace

TEST_CASE("seed configs: every published matrix parses and says how to run it", "[config][seeds]") {
  const auto files = yaml_files(kSource / "configs/seeds");
  REQUIRE(files.size() >= 7);  // seeds 000-003 one each, 004 three experiments
  for (const fs::path& file : files) {
    INFO(file);
    std::vector<std::string> bare;
    const Plan plan = parse(file, &bare);
    CHECK_FALSE(bare.empty());        // releases come from the command line
    CHECK(plan.warmup.count() == 0);  // the posts had no warmup
    CHECK_FALSE(versus::config::expand_cells(plan).empty());
    for (const auto& w : workload_names(plan)) CHECK(w.rfind("legacy_", 0) == 0);
    const std::string header = header_of(text_of(file));
    CHECK(header.find("versus run configs/seeds/" + file.filename().string()) != std::string::npos);
    for (const std::string& name : bare)
      CHECK(header.find("--server " + name + "=") != std::string::npos);
  }
}

TEST_CASE("seed configs: each published matrix has a small version of the same shape",
          "[config][seeds]") {
  for (const fs::path& file : yaml_files(kSource / "configs/seeds")) {
    INFO(file);
    const fs::path small = kSource / "configs/seeds/small" / file.filename();
    REQUIRE(fs::exists(small));
    const Plan big = parse(file), tiny = parse(small);
    CHECK(tiny.engines == big.engines);
    CHECK(workload_names(tiny) == workload_names(big));
    CHECK(tiny.profiles.size() == big.profiles.size());
    CHECK(tiny.excludes.size() == big.excludes.size());
    CHECK(tiny.includes.size() == big.includes.size());
    CHECK(tiny.transport == big.transport);
    CHECK(tiny.metric == big.metric);
    CHECK(tiny.warmup == big.warmup);
    CHECK((tiny.max_requests > 0) == (big.max_requests > 0));
    CHECK(tiny.duration_given == big.duration_given);
    CHECK((tiny.table_sizes.size() > 1) == (big.table_sizes.size() > 1));
    CHECK(header_of(text_of(small))
              .find("versus run configs/seeds/small/" + file.filename().string()) !=
          std::string::npos);
  }
  CHECK(yaml_files(kSource / "configs/seeds/small").size() ==
        yaml_files(kSource / "configs/seeds").size());
}

TEST_CASE("seed configs: seed 004's run lengths per engine, as the post's", "[config][seeds]") {
  const Plan plan = parse(kSource / "configs/seeds/seed004-threads.yaml");
  int myisam = 0, innodb = 0;
  for (const auto& cell : versus::config::expand_cells(plan)) {
    const auto length = versus::config::run_length(plan, cell);
    CHECK(length.duration.count() == 0);  // no time limit: the request count ends the cell
    const std::string& engine = plan.engines[cell.engine];
    INFO(engine);
    CHECK(length.max_requests == (engine == "myisam" ? 100000u : 20000u));
    ++(engine == "myisam" ? myisam : innodb);
  }
  CHECK(myisam == 24);  // 2 servers x 2 workloads x 6 thread counts
  CHECK(innodb == 24);
  const Plan sizes = parse(kSource / "configs/seeds/seed004-sizes.yaml");
  CHECK(sizes.table_sizes.size() == 20);  // 0.5M to 10M rows in 0.5M steps
  CHECK(sizes.table_sizes.front() == 500000);
  CHECK(sizes.table_sizes.back() == 10000000);
  CHECK(sizes.myisam_max_rows == 50000000);
  CHECK(sizes.metric == versus::config::Metric::rw);  // "r/w requests per second"
}
