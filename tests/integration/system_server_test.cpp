// Never the system's server: with Debian's mariadb-server installed (scripts/setup.sh
// installs it and never starts it), a run leaves /etc/mysql and /var/lib/mysql exactly as
// they were (every entry's type, mode, owner, mtime and content), and its servers take
// nothing from the system's files (character sets, messages, plugins come from the release).
#include <sys/stat.h>

#include <array>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "host/server_variables.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
using Fingerprint = std::map<std::string, std::string>;  // path -> describe(path)

// FNV-1a (64 bits) of a file's bytes; REQUIREs it can be read (the test runs as root).
std::string content_checksum(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  INFO("cannot read " << p << ": run the integration tests as root");
  REQUIRE(in);
  std::uint64_t h = 14695981039346656037ull;
  std::array<char, 65536> buf;
  while (in.read(buf.data(), buf.size()) || in.gcount() > 0)
    for (std::streamsize i = 0; i < in.gcount(); ++i)
      h = (h ^ static_cast<unsigned char>(buf[static_cast<std::size_t>(i)])) * 1099511628211ull;
  return std::to_string(h);
}

// One entry, from lstat: type, mode, owner, mtime, and its content (a symlink's target).
std::string describe(const fs::path& p) {
  struct stat st {};
  REQUIRE(::lstat(p.c_str(), &st) == 0);
  std::ostringstream d;
  d << std::oct << st.st_mode << std::dec << ' ' << st.st_uid << ':' << st.st_gid << ' '
    << st.st_mtim.tv_sec << '.' << st.st_mtim.tv_nsec << ' ';
  if (S_ISREG(st.st_mode)) d << st.st_size << ' ' << content_checksum(p);
  if (S_ISLNK(st.st_mode)) d << "-> " << fs::read_symlink(p).string();
  return d.str();
}

// Path -> description of `root` and of everything under it (symlinks not followed).
// REQUIREs `root` to exist: a missing one fails, never skips.
Fingerprint fingerprint(const fs::path& root) {
  INFO(root << " is missing: run scripts/setup.sh (it installs Debian's mariadb-server)");
  REQUIRE(fs::is_directory(root));
  Fingerprint out{{root.string(), describe(root)}};
  for (const auto& entry : fs::recursive_directory_iterator(root))
    out[entry.path().string()] = describe(entry.path());
  return out;
}

// "path: before -> after" for every entry that changed, appeared or disappeared.
std::vector<std::string> changes(const Fingerprint& before, const Fingerprint& after) {
  std::vector<std::string> out;
  auto text = [](const Fingerprint& f, const std::string& path) {
    auto it = f.find(path);
    return it == f.end() ? std::string("(none)") : it->second;
  };
  std::set<std::string> paths;
  for (const auto* f : {&before, &after})
    for (const auto& entry : *f) paths.insert(entry.first);
  for (const auto& p : paths)
    if (text(before, p) != text(after, p))
      out.push_back(p + ": " + text(before, p) + " -> " + text(after, p));
  return out;
}

// The pid of a running system server (its pid file names a live /usr/sbin/mariadbd), or 0.
int running_system_server() {
  int pid = 0;
  std::ifstream("/run/mysqld/mysqld.pid") >> pid;
  std::error_code ec;
  auto exe = fs::read_symlink("/proc/" + std::to_string(pid) + "/exe", ec);
  return pid > 0 && !ec && exe == "/usr/sbin/mariadbd" ? pid : 0;
}

std::string two_release_matrix() {
  return "servers:\n  - { name: old, basedir: " + release_basedir("10.11.18").string() +
         " }\n  - { name: new, basedir: " + release_basedir("10.11.19").string() +
         " }\nprofiles:\n  - { name: base, options: { innodb_buffer_pool_size: 64M } }\n"
         "threads: [1]\ntable_size: 2000\nwarmup: 0s\nduration: 2s\n";
}
// Checks, in the run's captured server variables, that each server's files come from its
// own release: Debian's release binaries have absolute compiled-in paths (/usr/share/mysql,
// ...) that the system package fills.
void check_release_paths(const fs::path& run) {
  for (const auto& [instance, version] :
       {std::pair{"old.base.innodb", "10.11.18"}, std::pair{"new.base.innodb", "10.11.19"}}) {
    auto vars = host::load_variables(run / "instances" / instance / host::kVariablesFileName);
    REQUIRE(vars);
    std::string basedir = fs::weakly_canonical(release_basedir(version)).string();
    for (const char* name : {"basedir", "character_sets_dir", "lc_messages_dir", "plugin_dir"}) {
      INFO(instance << ": " << name << " = " << vars->at(name));
      CHECK(fs::weakly_canonical(vars->at(name)).string().rfind(basedir, 0) == 0);
    }
  }
}
}  // namespace

TEST_CASE("a run leaves the system's /etc/mysql and /var/lib/mysql untouched and uses none of it",
          "[integration]") {
  INFO("the system's mariadbd runs: it changes /var/lib/mysql itself; stop it for this test");
  REQUIRE(running_system_server() == 0);
  auto etc_before = fingerprint("/etc/mysql");
  auto lib_before = fingerprint("/var/lib/mysql");
  REQUIRE(lib_before.size() > 1);  // an initialized datadir, not an empty directory
  TempDir tmp;
  fs::path run = tmp.path() / "run";
  auto r = run_versus(
      {"run", tmp.write("m.yaml", two_release_matrix()).string(), "--output", run.string()});
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(live_recorded_servers(run).empty());
  CHECK(running_system_server() == 0);
  CHECK(changes(etc_before, fingerprint("/etc/mysql")) == std::vector<std::string>{});
  CHECK(changes(lib_before, fingerprint("/var/lib/mysql")) == std::vector<std::string>{});
  check_release_paths(run);
}

}  // namespace versus::testing
