#include "client/option_file.h"

#include <sys/stat.h>

#include <cstdlib>
#include <sstream>

#include "util/whole_file.h"

namespace versus::client {
namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::string unquote(std::string_view v) {
  if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front())
    return std::string(v.substr(1, v.size() - 2));
  return std::string(v);
}

// "name = value" -> value when the name (- and _ alike) is `password`.
std::optional<std::string> password_of(std::string_view line) {
  auto eq = line.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  if (trim(line.substr(0, eq)) != "password") return std::nullopt;
  return unquote(trim(line.substr(eq + 1)));
}
}  // namespace

std::optional<std::string> parse_client_password(std::string_view text) {
  std::optional<std::string> found;
  bool in_client = false;
  std::istringstream in{std::string(text)};
  for (std::string raw; std::getline(in, raw);) {
    std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#' || line.front() == ';') continue;
    if (line.front() == '[') {
      in_client = trim(line.substr(1, line.find(']') - 1)) == "client";
      continue;
    }
    if (in_client)
      if (auto p = password_of(line)) found = std::move(p);
  }
  return found;
}

Expected<std::string> read_client_password(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail("cannot read option file " + path.string());
  if ((st.st_mode & 077) != 0)
    return fail("option file " + path.string() +
                " is readable or writable by others; chmod 600 it");
  auto text = read_whole_file(path);
  if (!text) return fail("cannot read option file " + path.string());
  auto password = parse_client_password(*text);
  if (!password) return fail("option file " + path.string() + " has no [client] password");
  return *password;
}

Expected<std::string> resolve_password(const std::filesystem::path& defaults_file) {
  if (!defaults_file.empty()) return read_client_password(defaults_file);
  const char* env = std::getenv("VERSUS_PASSWORD");
  return std::string(env ? env : "");
}

}  // namespace versus::client
