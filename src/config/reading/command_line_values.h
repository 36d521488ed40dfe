#pragma once
// CommandLineValues: `--server NAME=BASEDIR` and `--set KEY=VALUE` made into values the
// conversion reads in place of the file's (conversion.h CommandLine), each reporting its
// problems under its own name ("--set duration: expected a duration ...").
#include <yaml-cpp/yaml.h>

#include <deque>
#include <string>

#include "config/plan/overrides.h"
#include "config/reading/conversion.h"
#include "config/reading/problems.h"

namespace versus::config {

class CommandLineValues {
 public:
  // Reports malformed overrides (no '=', an unknown key, a YAML syntax error, a key or server
  // given twice) into `problems`.
  CommandLineValues(const MatrixOverrides& overrides, Problems& problems);
  CommandLineValues(const CommandLineValues&) = delete;
  CommandLineValues& operator=(const CommandLineValues&) = delete;

  const CommandLine& values() const { return line_; }
  // Reports each --server NAME that names no server in `root` (the file's root map).
  void check_server_names(const YAML::Node& root, Problems& problems) const;
  // Adds the problems found converting the values to `problems`.
  void report_into(Problems& problems) const;

 private:
  void add_set(const std::string& text, Problems& problems);
  void add_server(const std::string& text, Problems& problems);

  std::deque<Problems> problems_;  // one per value; a deque keeps their addresses
  CommandLine line_;
};

}  // namespace versus::config
