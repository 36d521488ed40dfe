#pragma once
// The YAML document of a matrix file: one document whose root is a map, indented with spaces.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string_view>

#include "config/options/option_table.h"
#include "config/reading/problems.h"

namespace versus::config {

// The root map of `text`'s single document. Reports tab indentation (and then stops), YAML
// syntax errors, a second document, an empty file and a root that is not a map; nullopt after
// any of them. yaml-cpp's exceptions are reported, not thrown.
// `level`: whose keys the map holds (the matrix's top level, or a workload file's).
std::optional<YAML::Node> read_root_map(std::string_view text, Problems& problems,
                                        Level level = Level::top);

}  // namespace versus::config
