#include "support.h"

#include <unistd.h>

#include <boost/process.hpp>
#include <cstdlib>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "results/record/store.h"
#include "util/pid.h"

namespace versus::testing {
namespace fs = std::filesystem;
namespace bp = boost::process;

namespace {
// The tests of one build share an instance cache, so an instance (release, my.cnf, tables) is
// initialized and loaded once per build instead of once per test: in
// VERSUS_TEST_CACHE_DIR/<stamp>, where the stamp changes with the versus binary and this test
// binary (a rebuilt loader never meets an instance an older build loaded); other stamps' entries
// are removed. Tests of the cache itself set VERSUS_CACHE_DIR and VERSUS_CACHE_SIZE of their own;
// a test whose subject is preparing an instance passes --no-cache or instance_cache: false.
// VERSUS_TEST_CACHE=0 in the environment turns the cache off for the whole run.
std::string file_stamp(const fs::path& file) {
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  const auto time = fs::last_write_time(file, ec).time_since_epoch().count();
  return std::to_string(size) + "-" + std::to_string(time);
}

fs::path shared_cache_dir() {
  const fs::path root = VERSUS_TEST_CACHE_DIR;
  const std::string stamp = std::to_string(std::hash<std::string>{}(
      file_stamp(VERSUS_BINARY) + "/" + file_stamp("/proc/self/exe")));
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec))
    if (entry.path().filename() != stamp) fs::remove_all(entry.path(), ec);
  return root / stamp;
}

[[maybe_unused]] const bool kSharedInstanceCache = [] {
  const char* off = std::getenv("VERSUS_TEST_CACHE");
  if (off && std::string(off) == "0") return ::setenv("VERSUS_CACHE_SIZE", "0", 1) == 0;
  return ::setenv("VERSUS_CACHE_DIR", shared_cache_dir().c_str(), 1) == 0 &&
         ::setenv("VERSUS_CACHE_SIZE", "16G", 1) == 0;
}();
}  // namespace

fs::path release_basedir(const std::string& version) {
  return named_release_basedir("mariadb-" + version);
}

fs::path named_release_basedir(const std::string& name) {
  fs::path p = fs::path(VERSUS_SOURCE_DIR) / "releases" / name / "usr";
  INFO("missing release " << p << ": run scripts/fetch-releases.sh");
  REQUIRE((fs::exists(p / "sbin/mariadbd") || fs::exists(p / "sbin/mysqld")));
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
  return run_command(VERSUS_BINARY, args);
}

CommandResult run_command(const std::string& program, const std::vector<std::string>& args) {
  bp::ipstream out;
  bp::child child(program.c_str(), bp::args(args), (bp::std_out & bp::std_err) > out,
                  bp::std_in < bp::null, bp::start_dir(VERSUS_SOURCE_DIR));
  std::ostringstream text;
  std::string line;
  while (std::getline(out, line)) text << line << '\n';
  child.wait();
  return {child.exit_code(), text.str()};
}

namespace {
bool is_server_process(int pid) {
  std::string name = process_name(pid);
  return process_alive(pid) && (name == "mariadbd" || name == "mysqld" || name == "mysqld_safe");
}
}  // namespace

std::vector<int> live_recorded_servers(const fs::path& run_dir) {
  std::ifstream in(run_dir / "servers.pids");
  std::set<int> live;
  int safe = 0, server = 0;
  std::string instance;
  while (in >> safe >> server >> instance)
    for (int pid : {safe, server})
      if (is_server_process(pid)) live.insert(pid);
  // Also any server whose command line names this run (a restarted one has a new pid).
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc", ec)) {
    std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    int pid = std::stoi(name);
    if (is_server_process(pid) && process_cmdline(pid).find(run_dir.string()) != std::string::npos)
      live.insert(pid);
  }
  return {live.begin(), live.end()};
}

}  // namespace versus::testing

namespace versus::testing {

struct BackgroundVersus::Impl {
  fs::path log;
  bp::child child;
};

BackgroundVersus::BackgroundVersus(const std::vector<std::string>& args)
    : BackgroundVersus(args, {}) {}

BackgroundVersus::BackgroundVersus(const std::vector<std::string>& args,
                                   const std::vector<std::string>& prefix) {
  std::random_device rd;
  fs::path log = fs::temp_directory_path() / ("versus-bg-" + std::to_string(rd()) + ".log");
  std::vector<std::string> argv(prefix.begin() + (prefix.empty() ? 0 : 1), prefix.end());
  if (!prefix.empty()) argv.push_back(VERSUS_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  const std::string program = prefix.empty() ? std::string(VERSUS_BINARY) : prefix.front();
  impl_ = std::make_unique<Impl>(
      Impl{log, bp::child(program, bp::args(argv),
                          (bp::std_out & bp::std_err) > log.string(), bp::std_in < bp::null,
                          bp::start_dir(VERSUS_SOURCE_DIR))});
}

BackgroundVersus::~BackgroundVersus() {
  std::error_code ec;
  if (impl_->child.running(ec)) impl_->child.terminate(ec);
  fs::remove(impl_->log, ec);
}

int BackgroundVersus::pid() const {
  return impl_->child.id();
}
bool BackgroundVersus::running() {
  std::error_code ec;
  return impl_->child.running(ec);
}

int BackgroundVersus::wait(std::chrono::seconds limit) {
  wait_until([this] { return !running(); }, limit);
  std::error_code ec;
  impl_->child.wait(ec);
  return impl_->child.native_exit_code() & 0x7f ? 128 + (impl_->child.native_exit_code() & 0x7f)
                                                : impl_->child.exit_code();
}

std::string BackgroundVersus::output() const {
  std::ifstream in(impl_->log);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool wait_until(const std::function<bool()>& predicate, std::chrono::seconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (predicate()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return predicate();
}

std::vector<std::pair<int, int>> recorded_servers(const fs::path& run_dir) {
  std::ifstream in(run_dir / "servers.pids");
  std::vector<std::pair<int, int>> out;
  int safe = 0, server = 0;
  std::string instance;
  while (in >> safe >> server >> instance) out.emplace_back(safe, server);
  return out;
}

std::string one_release_matrix(const std::string& threads, const std::string& duration) {
  return "servers:\n  - { name: solo, basedir: " + release_basedir("10.11.19").string() +
         " }\nprofiles:\n  - { name: base, options: { innodb_buffer_pool_size: 64M } }\n"
         "threads: " +
         threads + "\ntable_size: 2000\nwarmup: 0s\nduration: " + duration + "\n";
}

results::RunResults run_matrix_ok(const TempDir& tmp, const std::string& text) {
  auto file = tmp.write("matrix.yaml", text);
  const fs::path run = tmp.path() / "run";
  auto r = run_versus({"run", file.string(), "-o", run.string(), "-q"});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(live_recorded_servers(run).empty());
  auto results = results::load_results(run / "results.json");
  REQUIRE(results);
  return *results;
}

}  // namespace versus::testing
