#pragma once
// A fault the tests inject into a real run, to check what an unexpected failure leaves
// behind. VERSUS_TEST_FAULT=<place> makes test_fault(<place>) throw std::runtime_error
// there; <place>-thread throws on a new thread instead, which nothing can catch (it ends in
// std::terminate); a suffix @N fires only at the N-th call for that place (1-based). Unset
// (every real run), test_fault() does nothing. Places: "cell" (a cell's server has started,
// before its load), "agent-start" (versus agent, right after it started a server).
#include <string>
#include <string_view>

namespace versus {

// What a VERSUS_TEST_FAULT value asks for.
struct TestFaultSpec {
  std::string place;  // "" when none is asked for
  bool on_thread = false;
  long at_call = 0;  // 0: every call
};
// `text` as VERSUS_TEST_FAULT holds it: "<place>[-thread][@N]"; "" asks for nothing.
TestFaultSpec parse_test_fault(std::string_view text);

// Reads VERSUS_TEST_FAULT once per process.
void test_fault(std::string_view place);

}  // namespace versus
