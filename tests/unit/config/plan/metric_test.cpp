// The metric names: what `metric:` and `versus report --metric` accept and what reports print.
#include "config/plan/metric.h"

#include <catch2/catch.hpp>

using versus::config::Metric;
using versus::config::metric_from_name;
using versus::config::metric_name;
using versus::config::metric_names;

TEST_CASE("metric: each metric's name reads back", "[config][metric]") {
  for (Metric m : {Metric::tps, Metric::qps, Metric::rw, Metric::p95, Metric::nopm})
    CHECK(metric_from_name(metric_name(m)) == m);
  CHECK(metric_name(Metric::p95) == "p95");
  CHECK(metric_names() == std::vector<std::string_view>{"tps", "qps", "rw", "p95", "nopm"});
}

TEST_CASE("metric: tpcc's tables read tps as NOPM; others read nopm as TPS", "[config][metric]") {
  using versus::config::metric_for_workload;
  CHECK(metric_for_workload(Metric::tps, "tpcc") == Metric::nopm);
  CHECK(metric_for_workload(Metric::nopm, "tpcc") == Metric::nopm);
  CHECK(metric_for_workload(Metric::p95, "tpcc") == Metric::p95);
  CHECK(metric_for_workload(Metric::qps, "tpcc") == Metric::qps);
  CHECK(metric_for_workload(Metric::nopm, "oltp_read_write") == Metric::tps);
  CHECK(metric_for_workload(Metric::tps, "oltp_read_write") == Metric::tps);
  CHECK(metric_for_workload(Metric::rw, "shop") == Metric::rw);
}

TEST_CASE("metric: names are exact", "[config][metric]") {
  CHECK_FALSE(metric_from_name("TPS").has_value());
  CHECK_FALSE(metric_from_name("p99").has_value());
  CHECK_FALSE(metric_from_name("").has_value());
}
