#include "config/options/workload_doc.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "config/options/option_table.h"

using namespace versus::config;

TEST_CASE("docs/workload-file.md is the generated reference", "[config][workload_doc]") {
  std::ifstream in(VERSUS_SOURCE_DIR "/docs/workload-file.md", std::ios::binary);
  std::stringstream committed;
  committed << in.rdbuf();
  if (committed.str() != render_workload_doc())
    FAIL(
        "docs/workload-file.md is out of date with src/config/options/workload_options.cpp; "
        "regenerate it with\n  build/versus docs workload > docs/workload-file.md");
}

TEST_CASE("the workload reference documents every key of the file", "[config][workload_doc]") {
  const std::string doc = render_workload_doc();
  for (const char* section : {"## The file's top level", "## `tables[]`",
                              "## `columns[] and params[]`", "## `transactions[]`",
                              "## `statements[]`"})
    CHECK(doc.find(section) != std::string::npos);
  for (const OptionSpec& spec : option_table()) {
    if (!is_workload_file_level(spec.level)) continue;
    INFO(spec.name);
    CHECK(doc.find("| `" + std::string(spec.name) + "` |") != std::string::npos);
  }
}
