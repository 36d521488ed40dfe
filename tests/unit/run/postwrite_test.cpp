#include "run/postwrite.h"

#include <catch2/catch.hpp>

using versus::run::PostwriteAction;

TEST_CASE("postwrite: the published wait's bound, 60 s + 1 s per million rows, at most 1,200",
          "[run][postwrite]") {
  CHECK(versus::run::postwrite_limit_s(0) == 60.0);
  CHECK(versus::run::postwrite_limit_s(10'000'000) == 70.0);
  CHECK(versus::run::postwrite_limit_s(5'000'000'000) == 1200.0);
}

TEST_CASE("postwrite: each action with its time and outcome, in order", "[run][postwrite]") {
  const std::vector<PostwriteAction> actions = {
      {"ANALYZE TABLE 2 tables", 0.41, "done"},
      {"flush dirty pages", 2.04, "0 dirty pages"},
      {"purge", 61.0, "not settled in 61 s: 4200 undo logs in the history list"}};
  CHECK(versus::run::postwrite_text(actions) ==
        "ANALYZE TABLE 2 tables 0.4 s (done), flush dirty pages 2.0 s (0 dirty pages), purge "
        "61.0 s (not settled in 61 s: 4200 undo logs in the history list)");
  CHECK(versus::run::postwrite_text({}).empty());
}
