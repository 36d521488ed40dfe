#include "report/bench/bench_summary.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace versus::report;

namespace {
versus::measured::BenchRecord sample() {
  versus::measured::BenchRecord s;
  s.workload = "oltp_read_write";
  s.target = "versus@127.0.0.1:3306/sbtest";
  s.threads = 8;
  s.seconds = 10;
  s.counters = {1000, 14000, 4000, 2000, 3, 1, 0};
  s.latency = {1, 2, 1.5, 3, 4, 5, 6, 7};
  return s;
}
}  // namespace

TEST_CASE("write_bench_text prints sysbench's summary figures", "[report][bench_summary]") {
  std::ostringstream out;
  write_bench_text(out, sample());
  const auto t = out.str();
  CHECK(t.find("transactions:                        1000       (100.00 per sec.)") !=
        std::string::npos);
  CHECK(t.find("queries:                             20000      (2000.00 per sec.)") !=
        std::string::npos);
  CHECK(t.find("read:                            14000") != std::string::npos);
  CHECK(t.find("ignored errors:                      3") != std::string::npos);
  CHECK(t.find("p99.9:") != std::string::npos);
  CHECK(t.find("Server status deltas") == std::string::npos);
  CHECK(t.find("abandoned") == std::string::npos);  // said only when some were
}

TEST_CASE("the summary says when transactions were abandoned at the stop",
          "[report][bench_summary]") {
  auto s = sample();
  s.counters.abandoned = 8;
  std::ostringstream text, json;
  write_bench_text(text, s);
  write_bench_json(json, s);
  CHECK(text.str().find("abandoned:                           8 ") != std::string::npos);
  CHECK(nlohmann::json::parse(json.str())["abandoned"] == 8);
}

TEST_CASE("write_bench_json holds the same figures and the deltas", "[report][bench_summary]") {
  auto s = sample();
  s.status_deltas = {{"Com_select", 14000}, {"Com_commit", 1000}};
  std::ostringstream out;
  write_bench_json(out, s);
  auto j = nlohmann::json::parse(out.str());
  CHECK(j["format"] == kBenchFormat);
  CHECK(j["transactions"] == 1000);
  CHECK(j["tps"] == Approx(100.0));
  CHECK(j["queries"]["write"] == 4000);
  CHECK(j["qps"] == Approx(2000.0));
  CHECK(j["latency_ms"]["p99.9"] == Approx(6.0));
  CHECK(j["status_deltas"]["Com_commit"] == 1000);
  CHECK(j["reconnects"] == 1);
  CHECK(j["abandoned"] == 0);
}

TEST_CASE("a fixed rate heads the text; JSON has the rate and the per-second series",
          "[report][bench_summary]") {
  auto s = sample();
  s.rate = 300;
  s.series = {{1.0, 1.0, 299, 5980, 1, 2.5}, {2.0, 1.0, 301, 6020, 0, 2.25}};
  std::ostringstream text, json;
  write_bench_text(text, s);
  write_bench_json(json, s);
  CHECK(text.str().find("oltp_read_write, 8 threads, rate 300/s, ") != std::string::npos);
  auto j = nlohmann::json::parse(json.str());
  CHECK(j["rate"] == 300);
  REQUIRE(j["series"].size() == 2);
  CHECK(j["series"][1]["t"] == Approx(2.0));
  CHECK(j["series"][1]["transactions"] == 301);
  CHECK(j["series"][0]["errors"] == 1);
  CHECK(j["series"][1]["p95_ms"] == Approx(2.25));
}

TEST_CASE("an interval line reads as sysbench's --report-interval", "[report][bench_summary]") {
  std::ostringstream out;
  write_bench_interval(out, {3.0, 8, 2401.321, 48026.4, 0});
  CHECK(out.str() == "[ 3s ] thds: 8 tps: 2401.32 qps: 48026.40 err/s: 0.00\n");
}

TEST_CASE("write_bench_text: one thread is singular", "[report][bench_summary]") {
  auto s = sample();
  s.threads = 1;
  std::ostringstream text;
  write_bench_text(text, s);
  CHECK(text.str().rfind("versus bench: oltp_read_write, 1 thread, versus@", 0) == 0);
}

TEST_CASE("--efficiency: what other processes took, and a warning on a busy machine",
          "[report][bench_summary][interference]") {
  auto s = sample();
  s.usage.measured = true;
  s.usage.interval_s = 10.02;
  s.usage.transactions = 1004;
  s.usage.host_cpus = 2;
  s.usage.server_user_s = 9;
  s.usage.client_user_s = 3;
  s.usage.host_busy_s = 12.5;  // others: 0.5 of 20.04 CPU-s
  std::ostringstream quiet;
  write_bench_text(quiet, s);
  CHECK(quiet.str().find("other processes CPU:                 0.500 s, steal 0.000 s (2.5% of "
                         "the machine)") != std::string::npos);
  CHECK(quiet.str().find("transactions (snapshot interval):    1004 over 10.020 s") !=
        std::string::npos);
  CHECK(quiet.str().find("busy machine") == std::string::npos);
  s.usage.host_busy_s = 15;
  s.usage.steal_s = 1;  // others 3 + steal 1 of 20.04: 20%
  std::ostringstream busy, json;
  write_bench_text(busy, s);
  CHECK(busy.str().find("warning: busy machine: other processes and steal took 20% of the CPU "
                        "(above 10%)") != std::string::npos);
  write_bench_json(json, s);
  auto j = nlohmann::json::parse(json.str());
  CHECK(j["interference"]["other_cpu_s"] == Approx(3));
  CHECK(j["interference"]["disturbed"] == true);
  CHECK(j["usage"]["transactions"] == 1004);
  s.usage.cpu_interval_s = 10.05;  // the CPU figures' own interval, where recorded
  std::ostringstream cpu_interval;
  write_bench_text(cpu_interval, s);
  CHECK(cpu_interval.str().find("host busy CPU:                       15.000 s of 2 CPUs x "
                                "10.050 s") != std::string::npos);
}

TEST_CASE("versus bench names each error code under the totals, text and JSON",
          "[report][bench_summary][errors]") {
  auto s = sample();
  s.errors = {
      {1020, versus::measured::ErrorKind::retried, 3, "Record has changed since last read"}};
  std::ostringstream text, json;
  write_bench_text(text, s);
  CHECK(text.str().find("        1020 retried:                    3          (0.3% of "
                        "transactions) Record has changed since last read\n") != std::string::npos);
  write_bench_json(json, s);
  const auto j = nlohmann::json::parse(json.str());
  REQUIRE(j["errors"].size() == 1);
  CHECK(j["errors"][0]["code"] == 1020);
  CHECK(j["errors"][0]["kind"] == "retried");
  CHECK(j["errors"][0]["message"] == "Record has changed since last read");
}

TEST_CASE("versus bench on tpcc: NOPM, TPM and each transaction, text and JSON",
          "[report][bench_summary]") {
  auto s = sample();
  s.workload = "tpcc";
  s.counters.transactions = 1000;
  const char* names[] = {"new_order", "payment", "order_status", "delivery", "stock_level"};
  const std::uint64_t counts[] = {450, 430, 40, 40, 40};
  for (int k = 0; k < 5; ++k)
    s.kinds.push_back({names[k], counts[k], k == 0 ? 12u : 0u, {1, 2, 1.5, 3, 4, 5, 6, 7}});
  std::ostringstream text, json;
  write_bench_text(text, s);
  write_bench_json(json, s);
  const auto t = text.str();
  CHECK(t.find("TPC-C (no keying or think time): NOPM 2700, TPM 6000") != std::string::npos);
  CHECK(t.find("    new_order            450         2700     1.50     4.00     5.00       12") !=
        std::string::npos);
  const auto j = nlohmann::json::parse(json.str());
  CHECK(j["nopm"] == 2700.0);
  CHECK(j["transaction_kinds"][1]["name"] == "payment");
  CHECK(j["transaction_kinds"][0]["retried"] == 12);
  std::ostringstream plain;
  write_bench_text(plain, sample());
  CHECK(plain.str().find("TPC-C") == std::string::npos);
  CHECK(plain.str().find("Consistency") == std::string::npos);
}

TEST_CASE("versus bench on tpcc: the consistency conditions, held or broken, text and JSON",
          "[report][bench_summary]") {
  auto s = sample();
  s.workload = "tpcc";
  for (int n = 1; n <= 10; ++n) s.consistency.push_back({n, 0, 0.25});
  std::ostringstream held;
  write_bench_text(held, s);
  CHECK(held.str().find("Consistency: the 10 conditions checked hold (2.50 s)\n") !=
        std::string::npos);
  s.consistency[1].violations = 3;
  s.consistency_error = "TPC-C consistency condition 2 (...) does not hold in 3 row(s)";
  std::ostringstream broken, json;
  write_bench_text(broken, s);
  CHECK(broken.str().find("Consistency: TPC-C consistency condition 2 (...) does not hold in 3 "
                          "row(s)\n") != std::string::npos);
  write_bench_json(json, s);
  const auto j = nlohmann::json::parse(json.str());
  REQUIRE(j["consistency"].size() == 10);
  CHECK(j["consistency"][1]["violations"] == 3);
  CHECK(j["consistency"][1]["seconds"] == 0.25);
  CHECK(j["consistency_error"] == s.consistency_error);
}

TEST_CASE("versus bench check: each condition with its rows and time, then the verdict",
          "[report][bench_summary]") {
  versus::measured::BenchRecord s;
  s.workload = "tpcc";
  s.target = "127.0.0.1:3306/sbtest";
  s.consistency = {{1, 0, 0.012}, {2, 0, 0.5}, {3, 4, 0.25}};
  s.consistency_error = "TPC-C consistency condition 3 (...) does not hold in 4 row(s)";
  std::ostringstream text, json;
  write_bench_check_text(text, s);
  CHECK(text.str() ==
        "tpcc on 127.0.0.1:3306/sbtest: the tables' checks\n"
        "    condition  1: holds                     0.012 s\n"
        "    condition  2: holds                     0.500 s\n"
        "    condition  3: 4 row(s) break it         0.250 s\n"
        "Consistency: TPC-C consistency condition 3 (...) does not hold in 4 row(s)\n");
  write_bench_check_json(json, s);
  const auto j = nlohmann::json::parse(json.str());
  CHECK(j["workload"] == "tpcc");
  REQUIRE(j["consistency"].size() == 3);
  CHECK(j["consistency"][2]["violations"] == 4);
  CHECK(j["consistency"][2]["seconds"] == 0.25);
  CHECK(j["consistency_error"] == s.consistency_error);
}
