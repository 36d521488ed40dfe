#include "run/server_variables.h"

#include <nlohmann/json.hpp>

#include "util/whole_file.h"

namespace versus::run {

Expected<void> capture_variables(client::Connection& connection,
                                 const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return {};
  auto rows = connection.query("SHOW GLOBAL VARIABLES");
  if (!rows) return fail(rows.error().context("SHOW GLOBAL VARIABLES"));
  nlohmann::json object = nlohmann::json::object();  // sorted by name
  for (const auto& row : *rows)
    if (row.size() >= 2) object[row[0]] = row[1];
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

}  // namespace versus::run
