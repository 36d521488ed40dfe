// docs/architecture.md's layer rules, checked against the sources: the table under
// "## Layer rules" names, per top-level folder of src/, the folders its files may include;
// every folder must be in the table, the table must have no cycle, and no #include "x/..." of
// any source may cross it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace {
namespace fs = std::filesystem;
using Rules = std::map<std::string, std::set<std::string>>;

std::string file_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The rows "| `folder` | `a`, `b` |" of the table after "## Layer rules" (up to the next
// heading); "none" for a folder that includes no other.
Rules layer_rules(const std::string& doc) {
  Rules rules;
  const auto start = doc.find("## Layer rules");
  if (start == std::string::npos) return rules;
  std::istringstream lines(doc.substr(start + 3));
  static const std::regex row(R"(^\| `(\w+)` \| ([^|]*)\|)");
  static const std::regex name("`(\\w+)`");
  for (std::string line; std::getline(lines, line) && line.rfind("## ", 0) != 0;) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    auto& allowed = rules[m[1].str()];
    const std::string cell = m[2].str();
    for (std::sregex_iterator it(cell.begin(), cell.end(), name), end; it != end; ++it)
      allowed.insert((*it)[1].str());
  }
  return rules;
}

// A folder reachable from itself through the rules, or "".
std::string cycle_in(const Rules& rules) {
  for (const auto& [folder, _] : rules) {
    std::set<std::string> seen;
    std::vector<std::string> todo{folder};
    while (!todo.empty()) {
      const std::string at = todo.back();
      todo.pop_back();
      const auto it = rules.find(at);
      if (it == rules.end()) continue;
      for (const std::string& next : it->second) {
        if (next == folder) return folder;
        if (seen.insert(next).second) todo.push_back(next);
      }
    }
  }
  return "";
}

// "src/a/b.cpp: includes x/y.h" for each include of another folder that the rules forbid.
std::vector<std::string> crossings(const fs::path& src, const Rules& rules) {
  std::vector<std::string> found;
  static const std::regex include(R"(^#include "(\w+)/[^"]+")");
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    const auto rel = fs::relative(entry.path(), src);
    if (!entry.is_regular_file() || rel.begin() == std::prev(rel.end())) continue;
    const std::string folder = rel.begin()->string();
    std::istringstream lines(file_text(entry.path()));
    for (std::string line; std::getline(lines, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, include) || m[1] == folder) continue;
      const auto it = rules.find(folder);
      if (it == rules.end() || !it->second.count(m[1].str()))
        found.push_back("src/" + rel.string() + ": " + line.substr(9));
    }
  }
  return found;
}
}  // namespace

TEST_CASE("architecture: every folder of src/ has its layer rule, and the rules have no cycle",
          "[docs][architecture]") {
  const Rules rules = layer_rules(file_text(fs::path(VERSUS_SOURCE_DIR) / "docs/architecture.md"));
  REQUIRE(rules.size() >= 10);
  for (const auto& entry : fs::directory_iterator(fs::path(VERSUS_SOURCE_DIR) / "src"))
    if (entry.is_directory()) CHECK(rules.count(entry.path().filename().string()) == 1);
  for (const auto& [folder, allowed] : rules)
    for (const std::string& other : allowed) {
      INFO(folder << " may include " << other);
      CHECK(rules.count(other) == 1);
    }
  CHECK(cycle_in(rules).empty());
}

TEST_CASE("architecture: no include crosses the layer rules", "[docs][architecture]") {
  const Rules rules = layer_rules(file_text(fs::path(VERSUS_SOURCE_DIR) / "docs/architecture.md"));
  REQUIRE_FALSE(rules.empty());
  const auto found = crossings(fs::path(VERSUS_SOURCE_DIR) / "src", rules);
  for (const std::string& f : found) UNSCOPED_INFO(f);
  CHECK(found.empty());
}

TEST_CASE("architecture: the rule reader finds a crossing and a cycle", "[docs][architecture]") {
  const Rules rules = layer_rules(
      "## Layer rules\n| folder | may include |\n| --- | --- |\n| `a` | `b` |\n| `b` | none |\n"
      "| `c` | `a`, `b` |\n## Next\n| `d` | `a` |\n");
  REQUIRE(rules.size() == 3);
  CHECK(rules.at("c") == std::set<std::string>{"a", "b"});
  CHECK(rules.at("b").empty());
  CHECK(cycle_in(rules).empty());
  Rules looped = rules;
  looped["b"].insert("c");
  CHECK_FALSE(cycle_in(looped).empty());
}

TEST_CASE("architecture: an include of a folder the rules do not allow is found",
          "[docs][architecture]") {
  versus::testing::TempDir src("versus-arch");
  fs::create_directories(src.path() / "a/room");
  fs::create_directories(src.path() / "b");
  std::ofstream(src.path() / "a/room/x.h") << "#include \"b/y.h\"\n#include \"c/z.h\"\n";
  std::ofstream(src.path() / "b/y.h") << "#include \"b/w.h\"\n";
  std::ofstream(src.path() / "main.cpp") << "#include \"c/z.h\"\n";  // not in a folder
  const Rules rules{{"a", {"b"}}, {"b", {}}};
  CHECK(crossings(src.path(), rules) == std::vector<std::string>{"src/a/room/x.h: \"c/z.h\""});
}
