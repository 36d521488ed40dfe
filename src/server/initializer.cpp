#include "server/initializer.h"

#include <unistd.h>

namespace versus::server {
namespace fs = std::filesystem;

InitMethod init_method(const VersionInfo& info) {
  if (info.flavour == Flavour::mariadb)
    return info.version >= Version{10, 4, 0} ? InitMethod::mariadb_install_db
                                             : InitMethod::mysql_install_db;
  return info.version >= Version{5, 7, 6} ? InitMethod::initialize_insecure
                                          : InitMethod::mysql_install_db;
}

namespace {
Expected<fs::path> first_existing(const fs::path& basedir,
                                  std::initializer_list<const char*> rels) {
  std::string tried;
  for (const char* rel : rels) {
    fs::path p = basedir / rel;
    if (fs::exists(p)) return p;
    tried += (tried.empty() ? "" : ", ") + std::string(rel);
  }
  return fail("no initializer under " + basedir.string() + " (looked for " + tried + ")");
}

std::vector<std::string> common_args(const Release& r, const InstancePaths& p, bool as_root) {
  std::vector<std::string> args{"--defaults-file=" + p.defaults_file.string(),
                                "--basedir=" + r.basedir.string(),
                                "--datadir=" + p.datadir.string()};
  if (as_root) args.push_back("--user=root");
  return args;
}
}  // namespace

Expected<Command> initializer_command(const Release& r, const InstancePaths& p, bool as_root) {
  auto args = common_args(r, p, as_root);
  switch (init_method(r.info)) {
    case InitMethod::initialize_insecure:
      args.insert(args.begin() + 1, "--initialize-insecure");
      return Command{r.server_binary, args};
    case InitMethod::mariadb_install_db: {
      auto exe = first_existing(r.basedir, {"bin/mariadb-install-db", "scripts/mariadb-install-db",
                                            "bin/mysql_install_db", "scripts/mysql_install_db"});
      if (!exe) return fail(exe.error());
      args.push_back("--auth-root-authentication-method=normal");
      args.push_back("--skip-test-db");
      return Command{*exe, args};
    }
    case InitMethod::mysql_install_db: {
      auto exe = first_existing(r.basedir, {"scripts/mysql_install_db", "bin/mysql_install_db"});
      if (!exe) return fail(exe.error());
      // 5.6 writes a my.cnf into basedir unless told to keep the existing one.
      if (r.info.flavour != Flavour::mariadb && r.info.version >= Version{5, 6, 8})
        args.push_back("--keep-my-cnf");
      return Command{*exe, args};
    }
  }
  return fail("unknown initializer");
}

}  // namespace versus::server
