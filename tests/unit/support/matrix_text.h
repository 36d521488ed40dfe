#pragma once
// Matrix text in tests of single keys: the text is prefixed with one server (basedir ".",
// resolved against the temp directory) and parsed as "m.yaml".
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "config/reading/matrix_parser.h"

namespace versus::testing {

inline Expected<config::Plan> parse_with_server(const std::string& text) {
  return config::parse_matrix_text("servers: [{name: a, basedir: .}]\n" + text, "m.yaml",
                                   std::filesystem::temp_directory_path());
}

// The plan of a text that must parse (the test fails with the parser's message otherwise).
inline config::Plan good_plan(const std::string& text) {
  auto plan = parse_with_server(text);
  if (!plan) FAIL(plan.error().message);
  return std::move(plan).value();
}

// The message of a text that must not parse.
inline std::string plan_errors(const std::string& text) {
  auto plan = parse_with_server(text);
  REQUIRE_FALSE(plan.has_value());
  return plan.error().message;
}

}  // namespace versus::testing
