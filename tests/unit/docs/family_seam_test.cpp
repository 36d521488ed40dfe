// docs/architecture.md's "Adding a workload family", checked against the sources: outside a
// family's room and the registry (src/load/family/) and the vocabulary with its traits table
// (src/sysbench/), no code decides by naming a family: no is_tpcc(...), no comparison with
// Workload::tpcc or Workload::custom or with a family's workload or dialect name ("tpcc",
// "workload-file"), no call of a family's object or traits row by its name. Such code asks the
// traits table (sysbench/family_traits.h) or the registry (load/family/registry.h) instead.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace {
namespace fs = std::filesystem;

// The folders of src/ where a family may be named.
const std::vector<std::string> kSeamFolders{"load/family/", "sysbench/"};

bool in_seam(const std::string& rel) {
  for (const std::string& folder : kSeamFolders)
    if (rel.starts_with(folder)) return true;
  return false;
}

// The line without a // comment (a comment may name a family: it decides nothing).
std::string code_of(const std::string& line) {
  const auto comment = line.find("//");
  return comment == std::string::npos ? line : line.substr(0, comment);
}

// "src/a/b.cpp:12: <line>" for each line of a source outside the seam that decides by family.
std::vector<std::string> family_decisions(const fs::path& src) {
  static const std::regex decision(
      R"re(\bis_tpcc\w*\s*\()re"
      R"re(|\bWorkload::tpcc\b)re"
      R"re(|[!=]=\s*(sysbench::)?Workload::custom\b|\bWorkload::custom\s*[!=]=)re"
      R"re(|[!=]=\s*"(tpcc|workload-file|TPC-C)"|"(tpcc|workload-file|TPC-C)"\s*[!=]=)re"
      R"re(|\b(oltp|tpcc|custom)_family\s*\(|\b(oltp|tpcc|workload_file)_traits\s*\()re");
  std::vector<std::string> found;
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    const std::string rel = fs::relative(entry.path(), src).generic_string();
    if (!entry.is_regular_file() || in_seam(rel)) continue;
    std::ifstream in(entry.path());
    int number = 0;
    for (std::string line; std::getline(in, line);)
      if (++number; std::regex_search(code_of(line), decision))
        found.push_back("src/" + rel + ":" + std::to_string(number) + ": " + line);
  }
  return found;
}
}  // namespace

TEST_CASE("family seam: no code outside load/family/ and sysbench/ decides by naming a family",
          "[docs][architecture][family]") {
  const auto found = family_decisions(fs::path(VERSUS_SOURCE_DIR) / "src");
  for (const std::string& f : found) UNSCOPED_INFO(f);
  CHECK(found.empty());
}

TEST_CASE("family seam: the scan finds a family's decision, not its name in a key or comment",
          "[docs][architecture][family]") {
  versus::testing::TempDir src("versus-seam");
  for (const char* dir : {"report", "load/family/tpcc", "sysbench"})
    fs::create_directories(src.path() / dir);
  std::ofstream(src.path() / "report/a.cpp")
      << "if (w.workload == \"tpcc\") x();\n"         // 1: a decision
      << "v.optional(\"tpcc_home\", m.tpcc_home);\n"  // a record's key
      << "// for tpcc: is_tpcc(w) once was asked\n"   // a comment
      << "if (sysbench::is_tpcc(w)) y();\n"           // 4
      << "const bool f = w != Workload::custom;\n"    // 5
      << "auto& t = sysbench::tpcc_traits();\n";      // 6
  std::ofstream(src.path() / "load/family/tpcc/b.cpp") << "return w == Workload::tpcc;\n";
  std::ofstream(src.path() / "sysbench/c.cpp") << "return is_tpcc(w);\n";
  const auto found = family_decisions(src.path());
  REQUIRE(found.size() == 4);
  CHECK(found[0].starts_with("src/report/a.cpp:1: "));
  CHECK(found[1].starts_with("src/report/a.cpp:4: "));
  CHECK(found[2].starts_with("src/report/a.cpp:5: "));
  CHECK(found[3].starts_with("src/report/a.cpp:6: "));
}
