#include "config/reading/data_from.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "config/reading/matrix_parser.h"

namespace fs = std::filesystem;
using versus::config::parse_matrix_text;

namespace {
const std::string kTail = "workloads: [oltp_read_only]\nthreads: [1]\n";

std::string data_from_errors(const std::string& servers) {
  auto plan = parse_matrix_text(servers + kTail, "m.yaml", "/");
  REQUIRE_FALSE(plan.has_value());
  return plan.error().message;
}
}  // namespace

TEST_CASE("data_from: a later server starts from an earlier one's instances", "[config]") {
  auto plan = parse_matrix_text("servers:\n"
                                "  - {name: a, basedir: /tmp}\n"
                                "  - {name: b, basedir: /tmp/, data_from: a}\n" +
                                    kTail,
                                "m.yaml", "/");
  INFO((plan ? "" : plan.error().message));
  REQUIRE(plan);
  CHECK(plan->servers[0].data_from.empty());
  CHECK(plan->servers[1].data_from == "a");
  CHECK(plan->servers[1].data_from_line == 3);
  CHECK_FALSE(versus::config::data_source_of(*plan, 0));
  CHECK(versus::config::data_source_of(*plan, 1) == 0u);
}

TEST_CASE("data_from: refusals name the file, line, key and what is expected", "[config]") {
  CHECK(data_from_errors("servers:\n  - {name: alpha, basedir: /tmp}\n"
                         "  - {name: b, basedir: /tmp, data_from: alpah}\n") ==
        "m.yaml:3: servers[1].data_from: no server is named \"alpah\" (did you mean \"alpha\"?); "
        "expected the name of an earlier server of the same basedir");
  CHECK(data_from_errors("servers:\n  - {name: a, basedir: /tmp, data_from: a}\n") ==
        "m.yaml:2: servers[0].data_from: names the server itself: an instance cannot be a copy "
        "of itself");
  CHECK(data_from_errors("servers:\n  - {name: a, basedir: /tmp, data_from: b}\n"
                         "  - {name: b, basedir: /tmp}\n") ==
        "m.yaml:2: servers[0].data_from: names server b, which comes after a in servers: list "
        "it earlier, so its instances are prepared first");
  CHECK(data_from_errors("servers:\n  - {name: a, basedir: /tmp}\n"
                         "  - {name: b, basedir: /, data_from: a}\n") ==
        "m.yaml:3: servers[1].data_from: names server a, whose basedir /tmp is not b's (/): a "
        "datadir is its release's own");
  CHECK(data_from_errors("lifecycle: server\nservers:\n  - {name: a, basedir: /tmp}\n"
                         "  - {name: b, basedir: /tmp, data_from: a}\n") ==
        "m.yaml:4: servers[1].data_from: needs instances to copy, but lifecycle: server loads "
        "one datadir per server and profile in place");
}
