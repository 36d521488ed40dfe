#include "util/test_fault.h"

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

namespace versus {
namespace {
struct FaultSpec {
  std::string place;  // "" when none is asked for
  bool on_thread = false;
  long at_call = 0;  // 0: every call
};

FaultSpec fault_spec() {
  const char* env = std::getenv("VERSUS_TEST_FAULT");
  FaultSpec spec{env ? env : "", false, 0};
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
}  // namespace

void test_fault(std::string_view place) {
  static const FaultSpec spec = fault_spec();
  static std::atomic<long> calls{0};
  if (spec.place.empty() || spec.place != place) return;
  if (const long n = ++calls; spec.at_call != 0 && n != spec.at_call) return;
  const std::string message = "injected test fault at " + spec.place;
  if (!spec.on_thread) throw std::runtime_error(message);
  std::thread([message] { throw std::runtime_error(message); }).join();
}

}  // namespace versus
