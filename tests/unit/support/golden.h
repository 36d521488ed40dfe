// Golden files: the exact expected output of a writer, under tests/golden (VERSUS_GOLDEN_DIR).
// After an intended change of output, regenerate them with
//   VERSUS_UPDATE_GOLDEN=1 build/tests/versus_tests "[golden]"
// and review `git diff tests/golden` before committing.
#pragma once

#include <filesystem>
#include <string>

namespace versus::testing {

// The whole content of `file`, byte for byte (empty when it cannot be read).
std::string read_text(const std::filesystem::path& file);

// Checks `actual` byte for byte against VERSUS_GOLDEN_DIR/name; with VERSUS_UPDATE_GOLDEN=1
// in the environment, rewrites that file instead and WARNs.
void check_golden(const std::string& name, const std::string& actual);

}  // namespace versus::testing
