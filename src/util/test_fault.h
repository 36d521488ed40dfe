#pragma once
// A fault the tests inject into a real run, to check what an unexpected failure leaves
// behind. VERSUS_TEST_FAULT=<place> makes test_fault(<place>) throw std::runtime_error
// there; <place>-thread throws on a new thread instead, which nothing can catch (it ends in
// std::terminate); a suffix @N fires only at the N-th call for that place (1-based). Unset
// (every real run), test_fault() does nothing. Places: "cell" (a cell's server has started,
// before its load), "agent-start" (versus agent, right after it started a server).
#include <string_view>

namespace versus {

void test_fault(std::string_view place);

}  // namespace versus
