#include "config/options/config_doc.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "config/options/option_table.h"

using namespace versus::config;

TEST_CASE("docs/config.md is the generated reference", "[config][config_doc]") {
  std::ifstream in(VERSUS_SOURCE_DIR "/docs/config.md", std::ios::binary);
  std::stringstream committed;
  committed << in.rdbuf();
  if (committed.str() != render_config_doc())
    FAIL(
        "docs/config.md is out of date with src/config/options/option_table.cpp; regenerate it "
        "with\n  build/versus docs config > docs/config.md");
}

TEST_CASE("the reference documents every key with its default", "[config][config_doc]") {
  const std::string doc = render_config_doc();
  for (const char* section :
       {"## Top level", "## `servers[]`", "## `profiles[]`", "## `exclude[]`", "## `include[]`"})
    CHECK(doc.find(section) != std::string::npos);
  for (const OptionSpec& spec : option_table()) {
    if (is_workload_file_level(spec.level)) continue;  // docs/workload-file.md
    INFO(spec.name);
    CHECK(doc.find("| `" + std::string(spec.name) + "` |") != std::string::npos);
    if (!spec.required && !spec.default_yaml.empty())
      CHECK(doc.find("`" + std::string(spec.default_yaml) + "`") != std::string::npos);
  }
  CHECK(doc.find("current working directory") != std::string::npos);
  CHECK(doc.find("`500ms`") != std::string::npos);
}

TEST_CASE("the man page section names every key of the table", "[config][config_doc]") {
  const std::string man = render_config_man();
  CHECK(man.rfind(".SH MATRIX FILE\n", 0) == 0);
  for (const OptionSpec& spec : option_table()) {
    INFO(spec.name);
    CHECK(man.find(".B " + roff_escape(spec.name) + "\n") != std::string::npos);
  }
  // No line may start with a control character it did not mean.
  std::istringstream lines(man);
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    CHECK_FALSE(line.rfind("'", 0) == 0);
    if (line.rfind(".", 0) == 0)
      CHECK((line.rfind(".SH ", 0) == 0 || line.rfind(".SS ", 0) == 0 || line == ".TP" ||
             line.rfind(".B ", 0) == 0 || line == ".PP"));
  }
}

TEST_CASE("roff escaping keeps text text", "[config][config_doc]") {
  CHECK(roff_escape("a-b") == "a\\-b");
  CHECK(roff_escape("C:\\x") == "C:\\ex");
  CHECK(roff_escape(".x\n'y") == "\\&.x\n\\&'y");
}
