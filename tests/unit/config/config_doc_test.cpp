#include "config/config_doc.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "config/option_table.h"

using namespace versus::config;

TEST_CASE("docs/config.md is the generated reference", "[config][config_doc]") {
  std::ifstream in(VERSUS_SOURCE_DIR "/docs/config.md", std::ios::binary);
  std::stringstream committed;
  committed << in.rdbuf();
  if (committed.str() != render_config_doc())
    FAIL(
        "docs/config.md is out of date with src/config/option_table.cpp; regenerate it with\n"
        "  build/versus docs config > docs/config.md");
}

TEST_CASE("the reference documents every key with its default", "[config][config_doc]") {
  const std::string doc = render_config_doc();
  for (const char* section :
       {"## Top level", "## `servers[]`", "## `profiles[]`", "## `exclude[]`", "## `include[]`"})
    CHECK(doc.find(section) != std::string::npos);
  for (const OptionSpec& spec : option_table()) {
    INFO(spec.name);
    CHECK(doc.find("| `" + std::string(spec.name) + "` |") != std::string::npos);
    if (!spec.required && !spec.default_yaml.empty())
      CHECK(doc.find("`" + std::string(spec.default_yaml) + "`") != std::string::npos);
  }
  CHECK(doc.find("current working directory") != std::string::npos);
  CHECK(doc.find("`500ms`") != std::string::npos);
}

TEST_CASE("the terminal help names every key and fits 100 columns", "[config][config_doc]") {
  const std::string help = render_config_help();
  for (const OptionSpec& spec : option_table())
    CHECK(help.find("  " + std::string(spec.name) + " (") != std::string::npos);
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    CHECK(line.size() < 100);
  }
}
