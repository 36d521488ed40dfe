#pragma once
// The server's effective global variables (SHOW GLOBAL VARIABLES), kept once per instance
// as <run-dir>/instances/<instance>/variables.json, a JSON object of name -> value (both
// strings, names sorted), so reports can tell which settings differ between releases.
#include <filesystem>
#include <map>
#include <string>

#include "client/connection.h"
#include "util/expected.h"

namespace versus::host {

inline constexpr const char* kVariablesFileName = "variables.json";

using ServerVariables = std::map<std::string, std::string>;

// SHOW GLOBAL VARIABLES of the server behind `connection`.
Expected<ServerVariables> read_variables(client::Connection& connection);

// Writes the variables of the server behind `connection` to `path` (atomically), unless
// `path` exists already: the first cell of an instance captures them, later ones keep them.
Expected<void> capture_variables(client::Connection& connection, const std::filesystem::path& path);

// Reads a variables.json; errors start with the file's path.
Expected<ServerVariables> load_variables(const std::filesystem::path& path);

}  // namespace versus::host
