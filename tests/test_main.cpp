#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>

namespace {
// With VERSUS_TEST_DURATIONS=FILE set, each test case's wall time is appended to FILE as
// "<seconds>\t<name>" (scripts/test.sh prints the slowest: CTest shows nothing of a passing
// test's output, and where the suite's time goes decides what to cut).
class DurationLog : public Catch::TestEventListenerBase {
 public:
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    started_ = std::chrono::steady_clock::now();
    TestEventListenerBase::testCaseStarting(info);
  }
  void testCaseEnded(const Catch::TestCaseStats& stats) override {
    const char* path = std::getenv("VERSUS_TEST_DURATIONS");
    if (path && *path) {
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started_;
      std::ofstream(path, std::ios::app) << took.count() << '\t' << stats.testInfo.name << '\n';
    }
    TestEventListenerBase::testCaseEnded(stats);
  }

 private:
  std::chrono::steady_clock::time_point started_;
};
}  // namespace

CATCH_REGISTER_LISTENER(DurationLog)
