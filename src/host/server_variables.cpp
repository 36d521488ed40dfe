#include "host/server_variables.h"

#include <nlohmann/json.hpp>

#include "util/whole_file.h"

namespace versus::host {

Expected<ServerVariables> read_variables(client::Connection& connection) {
  auto rows = connection.query("SHOW GLOBAL VARIABLES");
  if (!rows) return fail(rows.error().context("SHOW GLOBAL VARIABLES"));
  ServerVariables vars;
  for (const auto& row : *rows)
    if (row.size() >= 2) vars[row[0]] = row[1];
  return vars;
}

Expected<void> capture_variables(client::Connection& connection,
                                 const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return {};
  auto vars = read_variables(connection);
  if (!vars) return fail(vars.error());
  nlohmann::json object = nlohmann::json::object();  // sorted by name
  for (const auto& [name, value] : *vars) object[name] = value;
  // Values are bytes of the server's charset: replace invalid UTF-8 rather than throw.
  const std::string text = object.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  return write_file_atomically(path, text + "\n");
}

Expected<ServerVariables> load_variables(const std::filesystem::path& path) {
  auto text = read_whole_file(path);
  if (!text) return fail(path.string() + ": cannot be read");
  const auto json = nlohmann::json::parse(*text, nullptr, false);
  if (json.is_discarded() || !json.is_object())
    return fail(path.string() + ": not a JSON object of variables");
  ServerVariables vars;
  for (const auto& [name, value] : json.items()) {
    if (!value.is_string()) return fail(path.string() + ": " + name + ": not a string");
    vars[name] = value.get<std::string>();
  }
  return vars;
}

}  // namespace versus::host
