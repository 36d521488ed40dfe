// docs/architecture.md's layer rules, checked against the sources: the table under
// "## Layer rules" names, per top-level folder of src/, the folders its files may include;
// every folder must be in the table, the table must have no cycle, and no #include "x/..." of
// any source may cross it. The table under "## Room rules" does the same within a layer: per
// room (a sub-folder, `layer/room`), the rooms of its own layer its files may include; every
// room of a layer with a row must have one, and no cycle.
#include <algorithm>
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

// The rows "| `name` | `a`, `b` |" of the table after `heading` (up to the next heading);
// "none" for one that includes no other. A name is a layer ("results") or a room
// ("results/stats").
Rules table_rules(const std::string& doc, const std::string& heading) {
  Rules rules;
  const auto start = doc.find(heading);
  if (start == std::string::npos) return rules;
  std::istringstream lines(doc.substr(start + heading.size()));
  static const std::regex row(R"(^\| `(\w+(?:/\w+)?)` \| ([^|]*)\|)");
  static const std::regex name("`(\\w+(?:/\\w+)?)`");
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

Rules layer_rules(const std::string& doc) {
  return table_rules(doc, "## Layer rules");
}
Rules room_rules(const std::string& doc) {
  return table_rules(doc, "## Room rules");
}

std::string layer_of(const std::string& room) {
  return room.substr(0, room.find('/'));
}

// The layers that have a row in the room rules: only their rooms are checked.
std::set<std::string> roomed_layers(const Rules& rooms) {
  std::set<std::string> layers;
  for (const auto& [room, _] : rooms) layers.insert(layer_of(room));
  return layers;
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

// "src/a/r/x.h: "a/s/y.h"" for each include, by a file in room a/r of a layer with room rules,
// of another room of the same layer that a/r's row does not name. Files directly in a layer's
// folder, and includes of other layers (the layer rules' part), are not looked at.
std::vector<std::string> room_crossings(const fs::path& src, const Rules& rooms) {
  std::vector<std::string> found;
  const std::set<std::string> layers = roomed_layers(rooms);
  static const std::regex include(R"(^#include "(\w+)/(\w+)/[^"]+")");
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    const auto rel = fs::relative(entry.path(), src);
    const std::vector<fs::path> parts(rel.begin(), rel.end());
    if (!entry.is_regular_file() || parts.size() < 3 || !layers.count(parts[0].string())) continue;
    const std::string room = parts[0].string() + "/" + parts[1].string();
    const auto it = rooms.find(room);
    std::istringstream lines(file_text(entry.path()));
    for (std::string line; std::getline(lines, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, include) || m[1] != parts[0].string()) continue;
      const std::string other = m[1].str() + "/" + m[2].str();
      if (other != room && (it == rooms.end() || !it->second.count(other)))
        found.push_back("src/" + rel.string() + ": " + line.substr(9));
    }
  }
  return found;
}

// The rooms (sub-folders) of the layers with room rules that have no row, sorted.
std::vector<std::string> unlisted_rooms(const fs::path& src, const Rules& rooms) {
  std::vector<std::string> missing;
  for (const std::string& layer : roomed_layers(rooms)) {
    if (!fs::is_directory(src / layer)) continue;
    for (const auto& entry : fs::directory_iterator(src / layer)) {
      const std::string room = layer + "/" + entry.path().filename().string();
      if (entry.is_directory() && !rooms.count(room)) missing.push_back(room);
    }
  }
  std::sort(missing.begin(), missing.end());
  return missing;
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

TEST_CASE("architecture: every room of a layer with room rules has its row, and no cycle",
          "[docs][architecture]") {
  const fs::path src = fs::path(VERSUS_SOURCE_DIR) / "src";
  const Rules rooms = room_rules(file_text(fs::path(VERSUS_SOURCE_DIR) / "docs/architecture.md"));
  REQUIRE(rooms.size() >= 4);
  for (const std::string& room : unlisted_rooms(src, rooms)) UNSCOPED_INFO("no row: " << room);
  CHECK(unlisted_rooms(src, rooms).empty());
  for (const auto& [room, allowed] : rooms) {
    INFO(room);
    CHECK(fs::is_directory(src / room));
    for (const std::string& other : allowed) {
      INFO(room << " may include " << other);
      CHECK(layer_of(other) == layer_of(room));
      CHECK(rooms.count(other) == 1);
    }
  }
  CHECK(cycle_in(rooms).empty());
}

TEST_CASE("architecture: no include crosses the room rules", "[docs][architecture]") {
  const Rules rooms = room_rules(file_text(fs::path(VERSUS_SOURCE_DIR) / "docs/architecture.md"));
  REQUIRE_FALSE(rooms.empty());
  const auto found = room_crossings(fs::path(VERSUS_SOURCE_DIR) / "src", rooms);
  for (const std::string& f : found) UNSCOPED_INFO(f);
  CHECK(found.empty());
}

TEST_CASE("architecture: the room rule reader reads rooms and finds a cycle",
          "[docs][architecture]") {
  const Rules rooms = room_rules(
      "## Layer rules\n| `a` | none |\n## Room rules\n| room | may include |\n| --- | --- |\n"
      "| `a/r` | none |\n| `a/s` | `a/r` |\n## Next\n| `a/t` | `a/s` |\n");
  REQUIRE(rooms.size() == 2);
  CHECK(rooms.at("a/r").empty());
  CHECK(rooms.at("a/s") == std::set<std::string>{"a/r"});
  CHECK(layer_rules("## Layer rules\n| `a` | none |\n## Room rules\n| `a/r` | none |\n").size() ==
        1);
  CHECK(cycle_in(rooms).empty());
  Rules looped = rooms;
  looped["a/r"].insert("a/s");
  CHECK_FALSE(cycle_in(looped).empty());
}

TEST_CASE("architecture: an include of a room the room rules do not allow is found",
          "[docs][architecture]") {
  versus::testing::TempDir src("versus-arch-rooms");
  for (const char* dir : {"a/r", "a/s", "a/t", "b/q", "c/u", "c/v"})
    fs::create_directories(src.path() / dir);
  std::ofstream(src.path() / "a/r/x.h") << "#include \"a/r/w.h\"\n#include \"a/s/y.h\"\n"
                                           "#include \"a/t/z.h\"\n#include \"b/q/v.h\"\n";
  std::ofstream(src.path() / "a/top.h") << "#include \"a/t/z.h\"\n";  // not in a room
  std::ofstream(src.path() / "c/u/x.h") << "#include \"c/v/y.h\"\n";  // c has no room rules
  const Rules rooms{{"a/r", {"a/s"}}, {"a/s", {}}, {"a/t", {}}};
  CHECK(room_crossings(src.path(), rooms) == std::vector<std::string>{"src/a/r/x.h: \"a/t/z.h\""});
  CHECK(unlisted_rooms(src.path(), rooms).empty());
  const Rules without_t{{"a/r", {"a/s", "a/t"}}, {"a/s", {}}};
  CHECK(room_crossings(src.path(), without_t).empty());
  CHECK(unlisted_rooms(src.path(), without_t) == std::vector<std::string>{"a/t"});
}
