// libFuzzer target: any bytes given as a matrix file must yield a Plan or an Error; never a crash,
// a hang, a leak or an escaping exception. Build and run (clang only):
//   CXX=clang++ cmake -S . -B build-fuzz -DVERSUS_BUILD_FUZZ=ON -DVERSUS_BUILD_TESTS=OFF
//   cmake --build build-fuzz --target matrix_fuzz
//   build-fuzz/matrix_fuzz -max_total_time=60 tests/fuzz/corpus
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "config/reading/matrix_parser.h"

namespace {

// The paths the seed corpus names exist here, so mutations can reach fully valid plans too.
const std::filesystem::path& base_dir() {
  static const std::filesystem::path dir = [] {
    const auto d = std::filesystem::temp_directory_path() / "versus-matrix-fuzz";
    for (const char* sub : {"releases/a/usr", "releases/b/usr", "profiles"})
      std::filesystem::create_directories(d / sub);
    for (const char* file : {"profiles/ps-off.cnf", "profiles/ps-on.cnf"})
      std::ofstream(d / file) << "[mysqld]\n";
    return d;
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto plan = versus::config::parse_matrix_text(text, "fuzz.yaml", base_dir());
  if (!plan && plan.error().message.empty()) __builtin_trap();  // an Error must say something
  return 0;
}
