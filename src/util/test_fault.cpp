#include "util/test_fault.h"

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace versus {

TestFaultSpec parse_test_fault(std::string_view text) {
  TestFaultSpec spec{std::string(text), false, 0};
  if (const auto at = spec.place.find('@'); at != std::string::npos) {
    spec.at_call = std::strtol(spec.place.c_str() + at + 1, nullptr, 10);
    spec.place.resize(at);
  }
  constexpr std::string_view kThread = "-thread";
  if (spec.place.ends_with(kThread)) {
    spec.on_thread = true;
    spec.place.resize(spec.place.size() - kThread.size());
  }
  return spec;
}

void test_fault(std::string_view place) {
  static const TestFaultSpec spec = [] {
    const char* env = std::getenv("VERSUS_TEST_FAULT");
    return parse_test_fault(env ? env : "");
  }();
  static std::atomic<long> calls{0};
  if (spec.place.empty() || spec.place != place) return;
  if (const long n = ++calls; spec.at_call != 0 && n != spec.at_call) return;
  const std::string message = "injected test fault at " + spec.place;
  if (!spec.on_thread) throw std::runtime_error(message);
  std::thread([message] { throw std::runtime_error(message); }).join();
}

}  // namespace versus
