#pragma once
// The matrix parser tests' fixture: a directory tree the matrices point into, created once and
// removed at exit, and the parse helpers both matrix_parser test files use.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "config/reading/matrix_parser.h"

namespace versus::testing::matrix_parser {

namespace fs = std::filesystem;
using versus::config::parse_matrix_text;
using versus::config::Plan;

// A directory tree the matrices below point into; created once, removed at exit.
struct Tree {
  fs::path root;
  static constexpr const char* kOdd = "odd dir $;`'\" x";  // spaces and shell metacharacters

  Tree() {
    root = fs::temp_directory_path() / ("versus-config-test-" + std::to_string(::getpid()));
    fs::remove_all(root);
    for (const char* dir : {"releases/a/usr", "releases/b/usr", "profiles"})
      fs::create_directories(root / dir);
    fs::create_directories(root / kOdd / "usr");
    for (const char* file :
         {"profiles/ps-off.cnf", "profiles/ps-on.cnf", "profiles/with space.cnf", "plain_file"})
      std::ofstream(root / file) << "[mysqld]\n";
  }
  ~Tree() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
};

inline const Tree& tree() {
  static const Tree t;
  return t;
}

inline std::string root() {
  return tree().root.string();
}

inline versus::Expected<Plan> parse(const std::string& text) {
  return parse_matrix_text(text, "m.yaml", tree().root);
}

// The error message parsing `text` must produce (fails the test if it parses).
inline std::string errors(const std::string& text) {
  auto plan = parse(text);
  REQUIRE_FALSE(plan.has_value());
  return plan.error().message;
}

inline Plan good(const std::string& text) {
  auto plan = parse(text);
  if (!plan) FAIL(plan.error().message);
  return std::move(plan).value();
}

// One valid server on line 1, so tests can put the key under test on line 2.
inline const std::string kServer = "servers: [{name: a, basedir: releases/a/usr}]\n";

// Runs `body` with the working directory set to `dir`.
template <class F>
void in_directory(const fs::path& dir, F body) {
  const fs::path saved = fs::current_path();
  fs::current_path(dir);
  body();
  fs::current_path(saved);
}

}  // namespace versus::testing::matrix_parser
