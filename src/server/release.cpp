#include "server/release.h"

#include <unistd.h>

#include <array>
#include <charconv>
#include <regex>

#include "server/fetched_tree.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace versus::server {
namespace fs = std::filesystem;

std::string_view flavour_name(Flavour f) {
  switch (f) {
    case Flavour::mysql:
      return "MySQL";
    case Flavour::percona:
      return "Percona Server";
    case Flavour::mariadb:
      return "MariaDB";
  }
  return "unknown";
}

namespace {
Flavour flavour_of(std::string_view output) {
  if (output.find("MariaDB") != std::string_view::npos) return Flavour::mariadb;
  if (output.find("Percona") != std::string_view::npos) return Flavour::percona;
  return Flavour::mysql;
}
}  // namespace

namespace {
std::optional<int> to_int(const std::string& digits) {
  int v = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return v;
}
}  // namespace

std::optional<VersionInfo> parse_version_output(std::string_view output) {
  static const std::regex kVer(R"(Ver\s+((\d+)\.(\d+)\.(\d+)\S*))");
  std::match_results<std::string_view::const_iterator> m;
  if (!std::regex_search(output.begin(), output.end(), m, kVer)) return std::nullopt;
  auto major = to_int(m[2].str()), minor = to_int(m[3].str()), patch = to_int(m[4].str());
  if (!major || !minor || !patch) return std::nullopt;
  VersionInfo info;
  // Only what follows "Ver" names the flavour: the path before it could say anything.
  info.flavour = flavour_of(output.substr(static_cast<std::size_t>(m.position(0))));
  info.version = {*major, *minor, *patch};
  info.text = m[1].str();
  return info;
}

std::optional<fs::path> find_server_binary(const fs::path& basedir) {
  static constexpr std::array<std::string_view, 6> kCandidates{
      "sbin/mariadbd", "bin/mariadbd",   "sbin/mysqld",
      "bin/mysqld",    "libexec/mysqld", "libexec/mariadbd"};
  std::error_code ec;
  for (auto rel : kCandidates) {
    fs::path p = basedir / rel;
    if (fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0) return p;
  }
  return std::nullopt;
}

namespace {
fs::path first_dir_with(const fs::path& basedir, std::initializer_list<const char*> rels,
                        const char* marker) {
  std::error_code ec;
  for (const char* rel : rels)
    if (fs::exists(basedir / rel / marker, ec)) return basedir / rel;
  return {};
}
}  // namespace

std::string moved_tree_problem(const fs::path& basedir) {
  const auto tree = fetched_tree_of(basedir);
  if (!tree) return "";
  const fs::path was =
      parse_fetched_stamp(read_whole_file(*tree / kFetchedStamp).value_or(std::string()))
          .patched_for;
  std::error_code ec;
  const fs::path now = fs::weakly_canonical(*tree, ec);
  if (was.empty() || ec || fs::weakly_canonical(was, ec) == now) return "";
  return "the release under " + basedir.string() + " was patched for " + was.string() +
         " and has been moved: its executables name paths there (its loader, or with an older "
         "script's patch its libraries). Run scripts/fetch-releases.sh to patch it again here";
}

Expected<Release> detect_release(const fs::path& basedir) {
  auto server = find_server_binary(basedir);
  if (!server)
    return fail(
        "no server binary under " + basedir.string() +
        " (looked for sbin/mariadbd, bin/mariadbd, sbin/mysqld, bin/mysqld, libexec/mysqld, "
        "libexec/mariadbd)");
  fs::path safe = basedir / "bin/mysqld_safe";
  if (!fs::exists(safe)) return fail("no bin/mysqld_safe under " + basedir.string());
  if (auto moved = moved_tree_problem(basedir); !moved.empty()) return fail(moved);
  // --no-defaults first: the binary must never read the system's my.cnf.
  auto out = run_capture(*server, {"--no-defaults", "--version"});
  if (!out) return fail(out.error().context("running " + server->string() + " --version"));
  auto info = parse_version_output(*out);
  if (!info)
    return fail("cannot read a version from `" + server->string() + " --version`: " + *out);
  Release r{basedir, *server, safe, *info, {}, {}};
  r.messages_dir = first_dir_with(basedir, {"share/mysql", "share", "share/mariadb"}, "english");
  r.plugin_dir = first_dir_with(
      basedir, {"lib/mysql/plugin", "lib/plugin", "lib64/mysql/plugin", "lib/mariadb/plugin"}, ".");
  return r;
}

}  // namespace versus::server
