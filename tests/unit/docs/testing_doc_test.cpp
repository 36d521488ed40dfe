// Tests follow their sources: every src/<path>.cpp (<layer>/<name>, or <layer>/<room>/<name>)
// has tests/unit/<path>_test.cpp, or docs/testing.md's table "Sources without a unit-test file
// of their own" names it (as `<path>`) with what covers it and why.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {
namespace fs = std::filesystem;

std::string doc_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The sources named in the first column of the table under `heading`.
std::set<std::string> untested_sources(const std::string& doc, const std::string& heading) {
  std::set<std::string> named;
  const auto start = doc.find(heading);
  if (start == std::string::npos) return named;
  std::istringstream lines(doc.substr(start + heading.size()));
  static const std::regex name("`([a-z_]+(?:/[a-z_]+)+)`");
  for (std::string line; std::getline(lines, line) && line.rfind("## ", 0) != 0;) {
    if (line.rfind("| ", 0) != 0) continue;
    const std::string first = line.substr(0, line.find(" | ", 1));
    for (std::sregex_iterator it(first.begin(), first.end(), name), end; it != end; ++it)
      named.insert((*it)[1].str());
  }
  return named;
}
}  // namespace

TEST_CASE("testing doc: every source has its unit test file or is named with why",
          "[docs][testing]") {
  const fs::path root(VERSUS_SOURCE_DIR);
  const auto named = untested_sources(doc_text(root / "docs/testing.md"),
                                      "## Sources without a unit-test file of their own");
  REQUIRE(named.size() >= 10);
  std::vector<std::string> missing, stale;
  std::set<std::string> sources;
  for (const auto& entry : fs::recursive_directory_iterator(root / "src")) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string rel = fs::relative(entry.path(), root / "src").replace_extension().string();
    if (rel.find('/') == std::string::npos) continue;  // main.cpp
    sources.insert(rel);
    const bool tested = fs::exists(root / "tests/unit" / (rel + "_test.cpp"));
    if (!tested && !named.count(rel)) missing.push_back(rel);
    if (tested && named.count(rel)) stale.push_back(rel + " (it has a test file now)");
  }
  for (const std::string& n : named)
    if (!sources.count(n)) stale.push_back(n + " (no such source)");
  for (const auto& m : missing) UNSCOPED_INFO("no test file, not in docs/testing.md: " << m);
  for (const auto& s : stale) UNSCOPED_INFO("docs/testing.md names " << s);
  CHECK(missing.empty());
  CHECK(stale.empty());
}

// ctest lists each integration case by its name, and CMake splits a name at ';' (its list
// separator) into cases that match nothing: a name must not hold one.
TEST_CASE("testing doc: no integration case's name holds a ';'", "[docs]") {
  const fs::path dir = fs::path(VERSUS_SOURCE_DIR) / "tests" / "integration";
  int cases = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = doc_text(entry.path());
    for (auto at = text.find("TEST_CASE(\""); at != std::string::npos;
         at = text.find("TEST_CASE(\"", at + 1)) {
      const auto tags = text.find("\"[", at);  // the name's literals end where the tags start
      REQUIRE(tags != std::string::npos);
      const std::string name = text.substr(at, tags - at);
      INFO(entry.path().filename().string() << ": " << name);
      CHECK(name.find(';') == std::string::npos);
      ++cases;
    }
  }
  CHECK(cases > 50);
}
