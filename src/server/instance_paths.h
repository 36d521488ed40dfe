#pragma once
// InstancePaths: every file one server instance uses, all inside its own directory
// (itself inside the run directory). Nothing of an instance lives elsewhere.
#include <filesystem>

namespace versus::server {

struct InstancePaths {
  std::filesystem::path dir;            // the instance's directory, mode 0700
  std::filesystem::path datadir;        // dir/data
  std::filesystem::path defaults_file;  // dir/my.cnf
  std::filesystem::path socket;         // dir/sock
  std::filesystem::path pid_file;       // dir/mysqld.pid
  std::filesystem::path error_log;      // dir/error.log
  std::filesystem::path tmpdir;         // dir/tmp
  std::filesystem::path safe_log;       // dir/mysqld_safe.out: mysqld_safe's own output
  unsigned port = 0;

  static InstancePaths under(const std::filesystem::path& dir, unsigned port) {
    return {dir,
            dir / "data",
            dir / "my.cnf",
            dir / "sock",
            dir / "mysqld.pid",
            dir / "error.log",
            dir / "tmp",
            dir / "mysqld_safe.out",
            port};
  }
};

}  // namespace versus::server
