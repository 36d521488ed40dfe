#include "server/datadir.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "server/initializer.h"
#include "util/subprocess.h"
#include "util/whole_file.h"
#include "util/tree_copy.h"

namespace versus::server {
namespace fs = std::filesystem;

Expected<void> prepare_instance_dir(const InstancePaths& paths, const std::string& my_cnf) {
  std::error_code ec;
  fs::create_directories(paths.tmpdir, ec);
  if (!ec) fs::create_directories(paths.datadir, ec);
  if (ec) return fail("cannot create " + paths.dir.string() + ": " + ec.message());
  fs::permissions(paths.dir, fs::perms::owner_all, ec);
  std::ofstream out(paths.defaults_file, std::ios::trunc);
  out << my_cnf;
  out.close();
  fs::permissions(paths.defaults_file, fs::perms::owner_read | fs::perms::owner_write, ec);
  if (!out) return fail("cannot write " + paths.defaults_file.string());
  return {};
}

Expected<void> initialize_datadir(const Release& release, const InstancePaths& paths,
                                  bool as_root) {
  auto cmd = initializer_command(release, paths, as_root);
  if (!cmd) return fail(cmd.error());
  auto out = run_capture(cmd->exe, cmd->args);
  std::ofstream log(paths.dir / "init.log");
  log << (out ? *out : out.error().message);
  if (out) return {};
  // The initializer runs the server with our log-error: the reason is in that log.
  const std::string text = read_whole_file(paths.error_log).value_or(std::string());
  if (text.find("[ERROR]") != std::string::npos)
    return fail("initializing " + paths.datadir.string() + " failed; the server said:\n" +
                error_excerpt(text, 10));
  return fail(out.error().context("initializing " + paths.datadir.string()));
}

Expected<void> copy_datadir(const fs::path& from, const fs::path& to) {
  auto copied = copy_tree(from, to);
  if (!copied) return fail(copied.error());
  return {};
}

Expected<void> check_inside(const fs::path& path, const fs::path& run_dir) {
  auto p = fs::weakly_canonical(path).lexically_normal();
  auto r = fs::weakly_canonical(run_dir).lexically_normal();
  auto rel = p.lexically_relative(r);
  if (rel.empty() || rel == "." || *rel.begin() == "..")
    return fail("refusing datadir " + p.string() + ": it is outside the run directory " +
                r.string());
  return {};
}

}  // namespace versus::server
