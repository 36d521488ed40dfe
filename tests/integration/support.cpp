#include "support.h"

#include <unistd.h>

#include <boost/process.hpp>
#include <random>
#include <sstream>

#include "util/pid.h"

namespace versus::testing {
namespace fs = std::filesystem;
namespace bp = boost::process;

fs::path release_basedir(const std::string& version) {
  fs::path p = fs::path(VERSUS_SOURCE_DIR) / "releases" / ("mariadb-" + version) / "usr";
  INFO("missing release " << p << ": run scripts/fetch-releases.sh");
  REQUIRE(fs::exists(p / "sbin/mariadbd"));
  return p;
}

TempDir::TempDir() {
  std::random_device rd;
  path_ = fs::temp_directory_path() / ("versus-it-" + std::to_string(rd()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

fs::path TempDir::write(const std::string& name, const std::string& text) const {
  fs::path p = path_ / name;
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
  return p;
}

CommandResult run_versus(const std::vector<std::string>& args) {
  bp::ipstream out;
  bp::child child(VERSUS_BINARY, bp::args(args), (bp::std_out & bp::std_err) > out,
                  bp::std_in < bp::null, bp::start_dir(VERSUS_SOURCE_DIR));
  std::ostringstream text;
  std::string line;
  while (std::getline(out, line)) text << line << '\n';
  child.wait();
  return {child.exit_code(), text.str()};
}

std::vector<int> live_recorded_servers(const fs::path& run_dir) {
  std::ifstream in(run_dir / "servers.pids");
  std::vector<int> live;
  int safe = 0, server = 0;
  std::string instance;
  while (in >> safe >> server >> instance)
    for (int pid : {safe, server}) {
      std::string name = process_name(pid);
      bool ours = name == "mariadbd" || name == "mysqld" || name == "mysqld_safe";
      if (process_alive(pid) && ours) live.push_back(pid);
    }
  return live;
}

}  // namespace versus::testing
