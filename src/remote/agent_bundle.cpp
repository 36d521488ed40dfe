#include "remote/agent_bundle.h"

#include <sstream>

#include "util/content_key.h"
#include "util/subprocess.h"

namespace versus::remote {
namespace fs = std::filesystem;

LddOutput parse_ldd(std::string_view text) {
  LddOutput out;
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first, arrow, target;
    words >> first >> arrow >> target;
    if (arrow == "=>" && target == "not")
      out.missing.push_back(first);
    else if (arrow == "=>" && target.starts_with("/"))
      out.libraries.emplace_back(target);
    else if (first.starts_with("/") && arrow.starts_with("(0x"))
      out.loader = first;
  }
  return out;
}

namespace {
// The client library's plugins (auth plugins it loads on demand), where Debian puts them.
const fs::path kPluginDir = "/usr/lib/x86_64-linux-gnu/libmariadb3/plugin";

Expected<void> copy_into(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::copy(from, to, fs::copy_options::overwrite_existing | fs::copy_options::recursive, ec);
  if (ec) return fail("gathering the agent: cannot copy " + from.string() + ": " + ec.message());
  return {};
}
}  // namespace

Expected<AgentBundle> make_agent_bundle(const fs::path& under) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return fail("gathering the agent: cannot find this binary: " + ec.message());
  auto ldd = run_capture("/usr/bin/ldd", {self.string()});
  if (!ldd) return fail(ldd.error().context("gathering the agent's libraries"));
  const LddOutput libs = parse_ldd(*ldd);
  if (libs.loader.empty())
    return fail("gathering the agent: ldd names no loader for " + self.string());
  const fs::path dir = under / "agent-bundle";
  fs::remove_all(dir, ec);
  fs::create_directories(dir / "lib", ec);
  if (auto ok = copy_into(self, dir / "versus"); !ok) return fail(ok.error());
  if (auto ok = copy_into(libs.loader, dir / "ld.so"); !ok) return fail(ok.error());
  for (const auto& lib : libs.libraries)
    if (auto ok = copy_into(lib, dir / "lib" / lib.filename()); !ok) return fail(ok.error());
  if (fs::is_directory(kPluginDir, ec))
    if (auto ok = copy_into(kPluginDir, dir / "lib" / "plugin"); !ok) return fail(ok.error());
  auto key = content_key(dir);
  if (!key) return fail(key.error());
  return AgentBundle{dir, *key};
}

}  // namespace versus::remote
