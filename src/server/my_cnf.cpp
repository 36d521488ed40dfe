#include "server/my_cnf.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace versus::server {

std::string normalize_option_name(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) {
    return c == '_' ? '-' : static_cast<char>(std::tolower(c));
  });
  if (name.rfind("loose-", 0) == 0) name.erase(0, 6);
  return name;
}

std::string quote_option_value(const std::string& value) {
  bool plain = !value.empty() && value.find_first_of(" \t#;\"'\\") == std::string::npos;
  if (plain) return value;
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

namespace {
// Settings versus owns: a profile may not move the instance out of its directory.
bool is_protected(const std::string& normalized) {
  static constexpr std::array<std::string_view, 11> kOwned{
      "basedir", "datadir", "port", "socket", "pid-file", "log-error", "bind-address",
      "user", "tmpdir", "defaults-file", "defaults-extra-file"};
  return std::find(kOwned.begin(), kOwned.end(), normalized) != kOwned.end();
}

std::string trim(std::string_view s) {
  auto b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return "";
  auto e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

Expected<void> check_fragment_line(const std::string& line, const std::string& where) {
  std::string t = trim(line);
  if (t.empty() || t[0] == '#' || t[0] == ';' || t[0] == '[') return {};
  if (t[0] == '!') return fail(where + ": includes are not allowed in a profile (" + t + ")");
  std::string name = normalize_option_name(trim(t.substr(0, t.find('='))));
  if (is_protected(name))
    return fail(where + ": '" + name + "' is set by versus for each instance and may not be " +
                "overridden by a profile");
  return {};
}

Expected<void> check_fragment(const CnfFragment& f) {
  std::istringstream in(f.text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (auto ok = check_fragment_line(line, f.source + ":" + std::to_string(n)); !ok)
      return fail(ok.error());
  return {};
}

Expected<void> check_option(const std::pair<std::string, std::string>& opt) {
  if (is_protected(normalize_option_name(opt.first)))
    return fail("option '" + opt.first + "' is set by versus for each instance");
  if (opt.second.find_first_of("\n\r") != std::string::npos || opt.first.find_first_of("\n\r=[") != std::string::npos)
    return fail("option '" + opt.first + "' contains a line break or '='/'[': refused");
  return {};
}

void write_line(std::ostringstream& out, const std::string& name, const std::string& value) {
  out << name << '=' << quote_option_value(value) << '\n';
}

void write_version_specific(std::ostringstream& out, const Release& r) {
  const auto& info = r.info;
  bool mysql_like = info.flavour != Flavour::mariadb;
  if (!r.messages_dir.empty()) {
    if (mysql_like && info.version < Version{5, 5, 0})
      write_line(out, "language", (r.messages_dir / "english").string());
    else
      write_line(out, "lc-messages-dir", r.messages_dir.string());
  }
  if (!r.plugin_dir.empty()) write_line(out, "plugin-dir", r.plugin_dir.string());
  if (mysql_like && info.version >= Version{5, 7, 0}) out << "secure-file-priv=NULL\n";
  // X Protocol listens on 33060 by default: two instances would collide.
  if (mysql_like && info.version >= Version{8, 0, 11}) out << "mysqlx=OFF\n";
  if (mysql_like && info.version >= Version{8, 0, 0} && info.version < Version{8, 4, 0})
    out << "default-authentication-plugin=mysql_native_password\n";
  if (mysql_like && info.version >= Version{8, 4, 0}) out << "mysql-native-password=ON\n";
}

void write_base(std::ostringstream& out, const MyCnfInput& in) {
  const auto& p = in.paths;
  out << "[client]\n";
  write_line(out, "port", std::to_string(p.port));
  write_line(out, "socket", p.socket.string());
  out << "\n[mysqld]\n";
  write_line(out, "basedir", in.release.basedir.string());
  write_line(out, "datadir", p.datadir.string());
  write_line(out, "port", std::to_string(p.port));
  write_line(out, "socket", p.socket.string());
  write_line(out, "pid-file", p.pid_file.string());
  write_line(out, "log-error", p.error_log.string());
  write_line(out, "tmpdir", p.tmpdir.string());
  out << "bind-address=127.0.0.1\n";
  if (in.as_root) out << "user=root\n";
  write_version_specific(out, in.release);
}
}  // namespace

Expected<std::string> render_my_cnf(const MyCnfInput& in) {
  std::ostringstream out;
  out << "# my.cnf for " << in.title << ", rendered by versus; every start rewrites it.\n";
  write_base(out, in);
  for (const auto& f : in.fragments) {
    if (auto ok = check_fragment(f); !ok) return fail(ok.error());
    out << "\n# --- profile file: " << f.source << "\n" << f.text;
    if (!f.text.empty() && f.text.back() != '\n') out << '\n';
  }
  if (!in.options.empty()) out << "\n# --- profile options\n[mysqld]\n";
  for (const auto& opt : in.options) {
    if (auto ok = check_option(opt); !ok) return fail(ok.error());
    write_line(out, opt.first, opt.second);
  }
  return out.str();
}

}  // namespace versus::server
