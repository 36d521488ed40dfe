#include "server/fetched_tree.h"

#include <sstream>

#include "util/elf_interp.h"
#include "util/whole_file.h"

namespace versus::server {
namespace fs = std::filesystem;

FetchedStamp parse_fetched_stamp(const std::string& text) {
  FetchedStamp stamp;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "suite") stamp.suite = value;
    if (key == "version") stamp.version = value;
    if (key == "patched_for") stamp.patched_for = value;
    if (key == "relocatable") stamp.relocatable = value == "yes";
  }
  return stamp;
}

std::string stamp_patched_for(const std::string& text, const fs::path& now) {
  std::istringstream in(text);
  std::string line, out;
  bool named = false;
  while (std::getline(in, line)) {
    if (line.rfind("patched_for=", 0) == 0) {
      line = "patched_for=" + now.string();
      named = true;
    }
    out += line + "\n";
  }
  if (!named) out += "patched_for=" + now.string() + "\n";
  return out;
}

std::optional<fs::path> fetched_tree_of(const fs::path& basedir) {
  fs::path dir = basedir;
  if (dir.filename().empty()) dir = dir.parent_path();  // a trailing slash
  std::error_code ec;
  if (!fs::is_regular_file(dir.parent_path() / kFetchedStamp, ec)) return std::nullopt;
  return dir.parent_path();
}

std::optional<std::string> relocated_interp(const std::string& interp, const fs::path& was,
                                            const fs::path& now) {
  const fs::path path = fs::path(interp).lexically_normal();
  const fs::path from = was.lexically_normal();
  if (!path.is_absolute() || !from.is_absolute()) return std::nullopt;
  const fs::path inside = path.lexically_relative(from);
  if (inside.empty() || inside == "." || *inside.begin() == "..") return std::nullopt;
  return (now.lexically_normal() / inside).string();
}

namespace {

// One executable: its loader path, when it names `was`, made the same loader under `now`; the
// loader must be in the copy (`tree`). True when rewritten.
Expected<bool> relocate_executable(const fs::path& file, const fs::path& tree, const fs::path& was,
                                   const fs::path& now) {
  auto interp = read_elf_interp(file);
  if (!interp) return fail(interp.error());
  if (!*interp) return false;
  const fs::path named = fs::path((*interp)->path).lexically_normal();  // unpadded
  const auto target = relocated_interp((*interp)->path, was, now);
  if (!target || named == *target) return false;
  std::error_code ec;
  const fs::path in_copy = tree / fs::path(*target).lexically_relative(now.lexically_normal());
  if (!fs::exists(in_copy, ec))
    return fail(file.string() + ": its loader " + named.string() + " is not in the copy (" +
                in_copy.string() + ")");
  if (auto ok = write_elf_interp(file, *target); !ok) return fail(ok.error());
  return true;
}

}  // namespace

Expected<int> relocate_fetched_tree(const fs::path& tree, const fs::path& lands_at) {
  const fs::path stamp_file = tree / kFetchedStamp;
  auto text = read_whole_file(stamp_file);
  if (!text) return fail(text.error());
  const FetchedStamp stamp = parse_fetched_stamp(*text);
  if (!stamp.relocatable || stamp.patched_for.empty())
    return fail(stamp_file.string() + ": the tree was patched by an older " +
                "scripts/fetch-releases.sh, with absolute library paths; run it again");
  int rewritten = 0;
  std::error_code ec;
  for (const char* folder : {"usr/bin", "usr/sbin"}) {
    if (!fs::is_directory(tree / folder, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(tree / folder, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
      if (!it->is_regular_file(ec) || it->is_symlink(ec)) continue;
      auto done = relocate_executable(it->path(), tree, stamp.patched_for, lands_at);
      if (!done) return fail(done.error());
      rewritten += *done ? 1 : 0;
    }
    if (ec) return fail("cannot list " + (tree / folder).string() + ": " + ec.message());
  }
  if (auto ok = write_file_atomically(stamp_file, stamp_patched_for(*text, lands_at)); !ok)
    return fail(ok.error());
  return rewritten;
}

}  // namespace versus::server
