#include "server/initializer.h"

#include <unistd.h>

namespace versus::server {
namespace fs = std::filesystem;

// From 5.6.8 mysql_install_db writes a my.cnf into the basedir (my-new.cnf when one exists;
// MySQL 5.6 manual, "mysql_install_db"); only 5.6.20 added --keep-my-cnf to stop it ("added in
// MySQL 5.6.20", same page). Before 5.6.20 the option must not be passed: 5.6's
// mysql_install_db.pl hands every option it does not know to `mysqld --bootstrap` ("Any other
// options are passed to the mysqld program"), which aborts on an unknown option. The stray
// basedir/my.cnf of 5.6.8-5.6.19 is harmless: every versus start passes --defaults-file first.
bool takes_keep_my_cnf(const VersionInfo& info) {
  return info.flavour != Flavour::mariadb && info.version >= Version{5, 6, 20} &&
         info.version < Version{5, 7, 6};
}

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

// Never depend on name resolution (a root without /etc/hosts cannot resolve even
// "localhost"). The install scripts look the host up with resolveip unless --force:
// MySQL 5.1/5.5's mysql_install_db.sh, 5.6's mysql_install_db.pl ("--force  Causes
// mysql_install_db to run even if DNS does not work. In that case, grant table entries that
// normally use hostnames will use IP addresses.") and MariaDB's mariadb-install-db (10.11:
// `if ... -a "$force" -eq 0` then resolveip). --skip-name-resolve ("Use IP addresses rather
// than hostnames when creating grant table entries") is in the same scripts' usage since 5.0.
void add_no_name_resolution(std::vector<std::string>& args) {
  args.push_back("--force");
  args.push_back("--skip-name-resolve");
}
}  // namespace

Expected<Command> initializer_command(const Release& r, const InstancePaths& p, bool as_root) {
  auto args = common_args(r, p, as_root);
  switch (init_method(r.info)) {
    case InitMethod::initialize_insecure:
      args.insert(args.begin() + 1, "--initialize-insecure");
      // A server option (MySQL 5.7 manual, "Server Command Options": --skip-name-resolve);
      // the my.cnf versus renders has it too, the argument says so where the command is read.
      args.push_back("--skip-name-resolve");
      return Command{r.server_binary, args};
    case InitMethod::mariadb_install_db: {
      auto exe = first_existing(r.basedir, {"bin/mariadb-install-db", "scripts/mariadb-install-db",
                                            "bin/mysql_install_db", "scripts/mysql_install_db"});
      if (!exe) return fail(exe.error());
      args.push_back("--auth-root-authentication-method=normal");
      args.push_back("--skip-test-db");
      add_no_name_resolution(args);
      return Command{*exe, args};
    }
    case InitMethod::mysql_install_db: {
      auto exe = first_existing(r.basedir, {"scripts/mysql_install_db", "bin/mysql_install_db"});
      if (!exe) return fail(exe.error());
      // 5.7.5's mysql_install_db is a C++ program without --force (MySQL 5.7 manual,
      // "mysql_install_db"); it takes the my.cnf's skip-name-resolve like the server.
      if (r.info.flavour == Flavour::mariadb || r.info.version < Version{5, 7, 5})
        add_no_name_resolution(args);
      if (takes_keep_my_cnf(r.info)) args.push_back("--keep-my-cnf");
      return Command{*exe, args};
    }
  }
  return fail("unknown initializer");
}

}  // namespace versus::server
