#include "config/options/option_table.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "config/reading/matrix_parser.h"

using namespace versus::config;

namespace {
// How many enumerators `enum class Key` declares, counted in its header (whatever their
// order, wherever a new key goes).
std::size_t declared_keys() {
  std::ifstream in(VERSUS_SOURCE_DIR "/src/config/options/option_table.h");
  REQUIRE(in.good());
  std::string line;
  while (std::getline(in, line) && line != "enum class Key {") {
  }
  std::size_t n = 0;
  while (std::getline(in, line) && line != "};") {
    const auto start = line.find_first_not_of(' ');
    if (start != std::string::npos && line.compare(start, 2, "//") != 0 &&
        line.find(',') != std::string::npos)
      ++n;  // "  name," (a comment after it or not)
  }
  return n;
}
}  // namespace

TEST_CASE("option table: every Key has exactly one row", "[config][option_table]") {
  std::set<Key> keys;
  for (const OptionSpec& spec : option_table()) CHECK(keys.insert(spec.key).second);
  const std::size_t declared = declared_keys();
  CHECK(declared > 10);  // the header was read
  CHECK(keys.size() == declared);
  for (std::size_t i = 0; i < declared; ++i) CHECK(keys.count(static_cast<Key>(i)) == 1);
  for (const OptionSpec& spec : option_table()) CHECK(&option(spec.key) == &spec);
}

TEST_CASE("option table: names are unique per level and findable", "[config][option_table]") {
  for (Level level : {Level::top, Level::server, Level::profile, Level::exclude, Level::include,
                      Level::workload_file, Level::workload_table, Level::workload_generator,
                      Level::workload_transaction, Level::workload_statement}) {
    std::set<std::string_view> names;
    for (const OptionSpec* spec : options_at(level)) {
      CHECK(names.insert(spec->name).second);
      CHECK(find_option(level, spec->name) == spec);
    }
    CHECK(option_names(level).size() == names.size());
  }
  CHECK(find_option(Level::top, "name") == nullptr);
  CHECK(find_option(Level::server, "threads") == nullptr);
  CHECK(find_option(Level::top, "Threads") == nullptr);
}

TEST_CASE("option table: rows are complete and consistent", "[config][option_table]") {
  for (const OptionSpec& spec : option_table()) {
    INFO(spec.name);
    CHECK_FALSE(spec.help.empty());
    if (spec.required) CHECK(spec.default_yaml.empty());
    // An optional key without a default (the axes of exclude[]/include[]) stays absent; its
    // note says what that means.
    if (!spec.required && spec.default_yaml.empty()) CHECK_FALSE(spec.default_note.empty());
    CHECK(spec.min <= spec.max);
    CHECK((spec.kind == Kind::choice_list || spec.kind == Kind::choice ||
           spec.kind == Kind::workload_list) == (spec.choices != nullptr));
    CHECK((spec.kind == Kind::entry_list) == (spec.entries != Level::top));
    CHECK_FALSE(expected_text(spec).empty());
    CHECK_FALSE(allowed_text(spec).empty());
    CHECK_FALSE(kind_name(spec.kind).empty());
  }
}

TEST_CASE("option table: the defaults parse", "[config][option_table]") {
  // Every default goes through the parser when its key is absent; a minimal matrix uses them all.
  const auto dir = std::filesystem::temp_directory_path();
  auto plan = parse_matrix_text("servers: [{name: a, basedir: .}]", "t", dir);
  if (!plan) FAIL(plan.error().message);
}

TEST_CASE("option table: the parser spells no key name itself", "[config][option_table]") {
  std::ifstream in(VERSUS_SOURCE_DIR "/src/config/reading/matrix_parser.cpp");
  REQUIRE(in.good());
  std::stringstream source;
  source << in.rdbuf();
  for (const OptionSpec& spec : option_table()) {
    INFO(spec.name);
    CHECK(source.str().find("\"" + std::string(spec.name) + "\"") == std::string::npos);
  }
}

TEST_CASE("option table: inlist_size takes one size or a list, each 1..10000",
          "[config][option_table]") {
  const OptionSpec& spec = option(Key::inlist_size);
  CHECK(spec.kind == Kind::integer_list);
  CHECK(spec.default_yaml == "100");
  CHECK(spec.min == 1);
  CHECK(spec.max == 10'000);
  // The help says what a list becomes: each size a test of its own name.
  for (const char* name : {"random_points_10", "random_points_1000", "[10, 100, 1000]"})
    CHECK(spec.help.find(name) != std::string_view::npos);
}
