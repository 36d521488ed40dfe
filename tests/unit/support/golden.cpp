#include "support/golden.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace versus::testing {

namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void check_golden(const std::string& name, const std::string& actual) {
  const fs::path file = fs::path(VERSUS_GOLDEN_DIR) / name;
  const char* update = std::getenv("VERSUS_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(file, std::ios::binary) << actual;
    WARN("updated " << file.string());
    return;
  }
  INFO("golden file " << file.string() << " (VERSUS_UPDATE_GOLDEN=1 rewrites it)");
  REQUIRE(fs::exists(file));
  CHECK(actual == read_text(file));
}

}  // namespace versus::testing
