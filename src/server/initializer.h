#pragma once
// Initializer: the command that creates a fresh datadir with a release's own tool.
//   MariaDB >= 10.4     bin/mariadb-install-db ... --auth-root-authentication-method=normal
//   MariaDB < 10.4      scripts/mysql_install_db (or bin/)
//   MySQL/Percona <5.7.6  scripts/mysql_install_db (or bin/)
//   MySQL/Percona >=5.7.6 <server> --initialize-insecure
// --defaults-file is always the first argument, so the system's my.cnf is never read.
// No initializer depends on name resolution: the install scripts get --force
// --skip-name-resolve, the server --skip-name-resolve.
#include <filesystem>
#include <string>
#include <vector>

#include "server/instance_paths.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::server {

struct Command {
  std::filesystem::path exe;
  std::vector<std::string> args;
};

enum class InitMethod { mariadb_install_db, mysql_install_db, initialize_insecure };
InitMethod init_method(const VersionInfo& info);

// Whether the release's mysql_install_db knows --keep-my-cnf (MySQL/Percona 5.6.20 to 5.7.5).
bool takes_keep_my_cnf(const VersionInfo& info);

// Fails when the release lacks the tool its version calls for.
Expected<Command> initializer_command(const Release& release, const InstancePaths& paths,
                                      bool as_root);

}  // namespace versus::server
