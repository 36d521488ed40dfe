#pragma once
// Problems: everything wrong with a matrix file, collected as one line each so that one run of
// the parser reports them all, plus the helpers that describe what was found in a message.
#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/error.h"

namespace versus::config {

class Problems {
 public:
  explicit Problems(std::string source) : source_(std::move(source)) {}

  // "<source>:<line>: <path>: <message>"; no line part when line is 0, no path part when empty.
  void add(int line, const std::string& path, const std::string& message);
  // "<source>:<line>:<column>: <message>" for yaml-cpp's own errors, which carry a column.
  void add_at(const YAML::Mark& mark, const std::string& message);

  // Takes over every problem of `other` (which keeps its own source prefix).
  void absorb(const Problems& other);

  bool empty() const { return lines_.empty(); }
  // Every problem in line order (stable: same-line problems keep the order found), capped.
  Error error() const;

 private:
  std::string source_;
  std::vector<std::pair<int, std::string>> lines_;  // line (0: none), formatted problem
};

// `text` in single quotes, control characters escaped so a message stays on one line; long
// values are cut with "...".
std::string quote(std::string_view text);
// What a node is, for the "got ..." half of a message.
std::string describe(const YAML::Node& node);
// " (did you mean 'x'?)" when a candidate is close to `word`, else "".
std::string suggestion(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace versus::config
