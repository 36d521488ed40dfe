#include "server/my_cnf.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "server/equalize.h"

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
// Settings versus owns: a profile may not move the instance out of its directory, nor
// switch the binary mysqld_safe runs. The servers accept any unambiguous prefix of an
// option name ("datad" is datadir), so prefixes are refused too.
bool is_protected(const std::string& normalized) {
  static constexpr std::array<std::string_view, 17> kOwned{"basedir",
                                                           "datadir",
                                                           "port",
                                                           "socket",
                                                           "pid-file",
                                                           "log-error",
                                                           "bind-address",
                                                           "user",
                                                           "tmpdir",
                                                           "defaults-file",
                                                           "defaults-extra-file",
                                                           "plugin-dir",
                                                           "lc-messages-dir",
                                                           "language",
                                                           "secure-file-priv",
                                                           "ledir",
                                                           "mysqld"};
  return !normalized.empty() &&
         std::any_of(kOwned.begin(), kOwned.end(), [&](std::string_view owned) {
           return owned.substr(0, normalized.size()) == normalized;
         });
}

// Options naming files or directories: a relative path stays inside the datadir; an
// absolute one, or one climbing out with "..", would write outside the run directory.
bool is_path_option(const std::string& normalized) {
  static constexpr std::array<std::string_view, 13> kPaths{"innodb-data-home-dir",
                                                           "innodb-log-group-home-dir",
                                                           "innodb-undo-directory",
                                                           "innodb-tmpdir",
                                                           "log-bin",
                                                           "log-bin-index",
                                                           "relay-log",
                                                           "relay-log-index",
                                                           "general-log-file",
                                                           "slow-query-log-file",
                                                           "log-basename",
                                                           "aria-log-dir-path",
                                                           "log-slow-query-file"};
  return std::find(kPaths.begin(), kPaths.end(), normalized) != kPaths.end();
}

std::string unquote(std::string v) {
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
    v = v.substr(1, v.size() - 2);
  return v;
}

// Why a profile may not set `raw_name` to `value`; empty when it may. `subject` names the
// setting in the message ("profiles/x.cnf:3: 'datadir'" or "option 'datadir'").
std::string refusal(const std::string& subject, const std::string& raw_name,
                    const std::string& value) {
  std::string name = normalize_option_name(raw_name);
  if (is_protected(name))
    return subject + " is set by versus for each instance and may not be overridden by a profile";
  if (is_path_option(name) && (value.starts_with('/') || value.find("..") != std::string::npos))
    return subject + " = '" + value +
           "' would put files outside the instance's directory; use a relative path";
  return "";
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
  auto eq = t.find('=');
  std::string name = trim(t.substr(0, eq));
  std::string value = eq == std::string::npos ? "" : unquote(trim(t.substr(eq + 1)));
  if (auto why = refusal(where + ": '" + name + "'", name, value); !why.empty()) return fail(why);
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
  if (auto why = refusal("option '" + opt.first + "'", opt.first, opt.second); !why.empty())
    return fail(why);
  if (opt.second.find_first_of("\n\r") != std::string::npos ||
      opt.first.find_first_of("\n\r=[") != std::string::npos)
    return fail("option '" + opt.first + "' contains a line break or '='/'[': refused");
  return {};
}

void write_line(std::ostringstream& out, const std::string& name, const std::string& value) {
  out << name << '=' << quote_option_value(value) << '\n';
}

// Every line of the base is an option of every release from 5.1 on, or written only for the
// releases that have it (checked against each series' reference manual, "Server Command
// Options" / "Server System Variables"):
//   port socket basedir datadir pid-file log-error tmpdir bind-address user plugin-dir
//   skip-name-resolve: MySQL 5.1, 5.5, 5.6 (and every later release, MariaDB too)
//   language=<dir>/english: 5.1 (5.5 manual: lc_messages_dir "was added in MySQL 5.5.0",
//     language deprecated for it); MariaDB 5.1-5.3 are MySQL 5.1 based
//   lc-messages-dir: MySQL/Percona/MariaDB 5.5 and later
//   secure-file-priv=NULL: 5.7.6 (the NULL value), mysqlx: 8.0.11,
//   local-infile=ON: 8.0.2 (its default became OFF),
//   default-authentication-plugin: 8.0 (removed 8.4), mysql-native-password: 8.4
void write_version_specific(std::ostringstream& out, const Release& r) {
  const auto& info = r.info;
  bool mysql_like = info.flavour != Flavour::mariadb;
  if (!r.messages_dir.empty()) {
    if (info.version < Version{5, 5, 0})
      write_line(out, "language", (r.messages_dir / "english").string());
    else
      write_line(out, "lc-messages-dir", r.messages_dir.string());
  }
  if (!r.plugin_dir.empty()) write_line(out, "plugin-dir", r.plugin_dir.string());
  if (mysql_like && info.version >= Version{5, 7, 6}) out << "secure-file-priv=NULL\n";
  // X Protocol listens on 33060 by default: two instances would collide.
  if (mysql_like && info.version >= Version{8, 0, 11}) out << "mysqlx=OFF\n";
  // The loader's LOAD DATA LOCAL (load/data/local_infile.h): off by default from MySQL 8.0.2, when
  // the loader would fall back to multi-row INSERTs (~1.9x slower). A profile may turn it off.
  if (mysql_like && info.version >= Version{8, 0, 2}) out << "local-infile=ON\n";
  if (mysql_like && info.version >= Version{8, 0, 0} && info.version < Version{8, 4, 0})
    out << "default-authentication-plugin=mysql_native_password\n";
  // 8.4 keeps the plugin but disables it; 9.0 removed it (Connector/C speaks caching_sha2).
  if (mysql_like && info.version >= Version{8, 4, 0} && info.version < Version{9, 0, 0})
    out << "mysql-native-password=ON\n";
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
  write_line(out, "bind-address", in.bind_address);
  // No DNS or /etc/hosts lookup per connection (1,000 connections would make 1,000), and none
  // at all: versus connects over the socket (localhost) or from 127.0.0.1, the two hosts of
  // the benchmark account (server/account.h), or to a remote server from the client's address.
  out << "skip-name-resolve\n";
  if (in.as_root) out << "user=root\n";
  write_version_specific(out, in.release);
}

// The equalize groups' lines for the release; the groups' names as a comment, also those
// that needed no line (the release ships the reference).
Expected<void> write_equalize(std::ostringstream& out, const MyCnfInput& in) {
  if (in.equalize.empty()) return {};
  std::string names, lines;
  for (const std::string& group : in.equalize) {
    auto written = equalize_lines(in.release.info, group);
    if (!written) return fail(written.error());
    names += (names.empty() ? "" : ", ") + group;
    for (const std::string& line : *written) lines += line + "\n";
  }
  out << "\n# --- equalize: " << names << "\n" << lines;
  return {};
}

// The files, then the options, of the profile or of the server (`whose`).
Expected<void> write_settings(std::ostringstream& out, const char* whose,
                              const std::vector<CnfFragment>& fragments,
                              const std::vector<std::pair<std::string, std::string>>& options) {
  for (const auto& f : fragments) {
    if (auto ok = check_fragment(f); !ok) return fail(ok.error());
    out << "\n# --- " << whose << " file: " << f.source << "\n" << f.text;
    if (!f.text.empty() && f.text.back() != '\n') out << '\n';
  }
  if (!options.empty()) out << "\n# --- " << whose << " options\n[mysqld]\n";
  for (const auto& opt : options) {
    if (auto ok = check_option(opt); !ok) return fail(ok.error());
    write_line(out, opt.first, opt.second);
  }
  return {};
}
}  // namespace

Expected<std::string> render_my_cnf(const MyCnfInput& in) {
  std::ostringstream out;
  out << "# my.cnf for " << in.title << ", rendered by versus; every start rewrites it.\n";
  write_base(out, in);
  if (auto ok = write_equalize(out, in); !ok) return fail(ok.error());
  if (auto ok = write_settings(out, "profile", in.fragments, in.options); !ok)
    return fail(ok.error());
  if (auto ok = write_settings(out, "server", in.server_fragments, in.server_options); !ok)
    return fail(ok.error());
  return out.str();
}

}  // namespace versus::server
