// equalize (profiles[]) and table_charset / table_collation (top level): parsed through the
// option table; what a release cannot do is refused at plan (run/preflight.h).
#include <catch2/catch.hpp>

#include "run/preflight.h"
#include "support/matrix_text.h"
#include "support/version_info.h"

using versus::server::Flavour;
using versus::testing::good_plan;
using versus::testing::plan_errors;

TEST_CASE("table settings keys: defaults change nothing", "[config][settings]") {
  const auto plan = good_plan("");
  CHECK(plan.table_charset.empty());
  CHECK(plan.table_collation.empty());
  CHECK(plan.profiles.front().equalize.empty());
}

TEST_CASE("table settings keys: values and lines", "[config][settings]") {
  const auto plan = good_plan(
      "table_charset: latin1\ntable_collation: latin1_swedish_ci\nprofiles:\n"
      "  - name: as-shipped\n  - name: equalized\n"
      "    equalize: [binlog, performance_schema, charset, snapshot_isolation]\n");
  CHECK(plan.table_charset == "latin1");
  CHECK(plan.table_charset_line == 2);
  CHECK(plan.table_collation == "latin1_swedish_ci");
  CHECK(plan.table_collation_line == 3);
  CHECK(plan.profiles[0].equalize.empty());
  CHECK(plan.profiles[1].equalize ==
        std::vector<std::string>{"binlog", "performance_schema", "charset", "snapshot_isolation"});
  CHECK(plan.profiles[1].equalize_line == 7);
}

TEST_CASE("table settings keys: an unknown group names the choices", "[config][settings]") {
  CHECK(plan_errors("profiles: [{name: p, equalize: [binlog, durability]}]\n") ==
        "m.yaml:2: profiles[0].equalize[1]: expected one of binlog, performance_schema, charset, "
        "snapshot_isolation, got 'durability'");
  CHECK(
      plan_errors("profiles: [{name: p, equalise: [binlog]}]\n").find("did you mean 'equalize'") !=
      std::string::npos);
}

TEST_CASE("table settings: refused at plan where a release cannot", "[config][settings]") {
  const auto plan = good_plan("table_charset: utf8mb4\n");
  const auto old = versus::testing::version_info(Flavour::mysql, 5, 1, 73);
  CHECK(versus::run::table_settings_problems(plan, 0, old) ==
        "m.yaml:2: table_charset: utf8mb4: servers[0] (a): MySQL 5.1.73 has no utf8mb4 (it came "
        "in 5.5.3)\n");
  CHECK(versus::run::table_settings_problems(plan, 0,
                                             versus::testing::version_info(Flavour::mysql, 5, 5, 3))
            .empty());
  const auto collation = good_plan("table_collation: utf8mb4_uca1400_ai_ci\n");
  CHECK(versus::run::table_settings_problems(
            collation, 0, versus::testing::version_info(Flavour::mysql, 9, 7, 4)) ==
        "m.yaml:2: table_collation: utf8mb4_uca1400_ai_ci: servers[0] (a): MySQL 9.7.4 has no "
        "utf8mb4_uca1400_ai_ci (the _uca1400_ collations are MariaDB's, from 10.10.1)\n");
}
