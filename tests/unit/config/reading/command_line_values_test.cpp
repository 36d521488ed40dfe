// CommandLineValues: `--set KEY=VALUE` and `--server NAME=BASEDIR` as values for the conversion,
// the malformed ones reported under their own names, the values' problems kept apart until
// report_into.
#include "config/reading/command_line_values.h"

#include <catch2/catch.hpp>
#include <string>

using versus::config::CommandLineValues;
using versus::config::Key;
using versus::config::MatrixOverrides;
using versus::config::Problems;

namespace {

std::string overrides_problems(const MatrixOverrides& overrides) {
  Problems problems("m.yaml");
  CommandLineValues values(overrides, problems);
  return problems.empty() ? "" : problems.error().message;
}

}  // namespace

TEST_CASE("command line values: --set values are YAML, keyed by the table's key",
          "[config][command_line_values]") {
  Problems problems("m.yaml");
  CommandLineValues values({{}, {"threads=[1, 8]", "duration=30s", "warmup="}}, problems);
  CHECK(problems.empty());
  const auto& top = values.values().top;
  REQUIRE(top.size() == 3);
  CHECK(top.at(Key::threads).value.IsSequence());
  CHECK(top.at(Key::threads).value[1].as<int>() == 8);
  CHECK(top.at(Key::duration).value.Scalar() == "30s");
  CHECK(top.at(Key::warmup).value.IsNull());  // an empty VALUE is YAML's null
  CHECK(values.values().basedirs.empty());
}

TEST_CASE("command line values: --server keeps everything after the first = as the basedir",
          "[config][command_line_values]") {
  Problems problems("m.yaml");
  CommandLineValues values({{"new=/opt/maria db=12", "old=[x]"}, {}}, problems);
  CHECK(problems.empty());
  const auto& basedirs = values.values().basedirs;
  CHECK(basedirs.at("new").value.Scalar() == "/opt/maria db=12");
  CHECK(basedirs.at("old").value.Scalar() == "[x]");  // a path, never read as YAML
}

TEST_CASE("command line values: malformed overrides", "[config][command_line_values]") {
  CHECK(overrides_problems({{"nobasedir"}, {}}) ==
        "m.yaml: --server: expected NAME=BASEDIR, got 'nobasedir'");
  CHECK(overrides_problems({{"=/opt/x"}, {}}) ==
        "m.yaml: --server: expected NAME=BASEDIR, got '=/opt/x'");
  CHECK(overrides_problems({{}, {"threads"}}) ==
        "m.yaml: --set: expected KEY=VALUE, got 'threads'");
  CHECK(overrides_problems({{}, {"thread=4"}}) ==
        "m.yaml: --set thread: unknown key 'thread' (did you mean 'threads'?)");
  CHECK(overrides_problems({{}, {"basedir=/x"}}) ==
        "m.yaml: --set basedir: unknown key 'basedir'");  // a server's key, not a top-level one
  CHECK(overrides_problems({{}, {"threads=[1, 2"}})
            .rfind("m.yaml: --set threads: YAML syntax error in '[1, 2': ", 0) == 0);
  CHECK(overrides_problems({{"a=/x", "a=/y"}, {"tables=1", "tables=2"}}) ==
        "m.yaml: --server a: given twice\nm.yaml: --set tables: given twice");
}

TEST_CASE("command line values: each value's problems are its own until reported",
          "[config][command_line_values]") {
  Problems problems("m.yaml");
  CommandLineValues values({{"a=/x"}, {"tables=many"}}, problems);
  const auto& tables = values.values().top.at(Key::tables);
  REQUIRE(tables.problems != nullptr);
  tables.problems->add(0, "", "expected an integer 1..10000, got 'many'");
  values.values().basedirs.at("a").problems->add(0, "", "does not exist");
  CHECK(problems.empty());
  values.report_into(problems);
  CHECK(problems.error().message ==
        "--server a: does not exist\n--set tables: expected an integer 1..10000, got 'many'");
}

TEST_CASE("command line values: --server must name a server of the matrix",
          "[config][command_line_values]") {
  Problems problems("m.yaml");
  CommandLineValues values({{"trunk=/a", "nwe=/b"}, {}}, problems);
  values.check_server_names(YAML::Load("servers: [{name: trunk}, {name: new}]"), problems);
  CHECK(problems.error().message ==
        "m.yaml: --server nwe: no server named 'nwe' in the matrix (did you mean 'new'?)");
}

TEST_CASE("command line values: --set servers gives the names --server must match",
          "[config][command_line_values]") {
  Problems problems("m.yaml");
  CommandLineValues values({{"new=/b", "other=/a"}, {"servers=[{name: new}]"}}, problems);
  values.check_server_names(YAML::Load("servers: [{name: other}]"), problems);
  CHECK(problems.error().message ==
        "m.yaml: --server other: no server named 'other' in the matrix");
}

TEST_CASE("command line values: a matrix without servers, or odd ones, names none",
          "[config][command_line_values]") {
  for (const char* root :
       {"threads: [1]", "servers: 5", "servers: [x, {name: [a]}, {basedir: /}]"}) {
    INFO(root);
    Problems problems("m.yaml");
    CommandLineValues values({{"a=/a"}, {}}, problems);
    values.check_server_names(YAML::Load(root), problems);
    CHECK(problems.error().message == "m.yaml: --server a: no server named 'a' in the matrix");
  }
}
