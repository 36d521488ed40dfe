#include "util/content_key.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string_view>
#include <vector>

namespace versus {
namespace fs = std::filesystem;

namespace {

struct Hasher {
  std::size_t a = 0x9e3779b97f4a7c15ULL, b = 0xc2b2ae3d27d4eb4fULL;
  void add(std::string_view bytes) {
    const std::size_t h = std::hash<std::string_view>{}(bytes);
    a = (a ^ h) * 0x100000001b3ULL;
    b = (b + h) * 0x9e3779b97f4a7c15ULL ^ (b >> 29);
  }
  std::string hex() const {
    char out[33];
    std::snprintf(out, sizeof out, "%016zx%016zx", a, b);
    return out;
  }
};

Expected<void> add_file(const fs::path& file, Hasher& h) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail("cannot read " + file.string());
  std::vector<char> chunk(1 << 20);
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0)
    h.add(std::string_view(chunk.data(), static_cast<std::size_t>(in.gcount())));
  return {};
}

Expected<void> add_entry(const fs::path& root, const fs::path& p, Hasher& h) {
  h.add(p.lexically_relative(root).string());
  std::error_code ec;
  const auto status = fs::symlink_status(p, ec);
  if (fs::is_symlink(status)) {
    h.add("l" + fs::read_symlink(p, ec).string());
    return {};
  }
  if (fs::is_directory(status)) {
    h.add("d");
    return {};
  }
  h.add("f");
  return add_file(p, h);
}

}  // namespace

Expected<std::string> content_key(const fs::path& root) {
  Hasher h;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    if (auto ok = add_entry(root.parent_path(), root, h); !ok) return fail(ok.error());
    return h.hex();
  }
  std::vector<fs::path> entries;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec))
    entries.push_back(it->path());
  if (ec) return fail("cannot list " + root.string() + ": " + ec.message());
  std::sort(entries.begin(), entries.end());
  for (const auto& p : entries)
    if (auto ok = add_entry(root, p, h); !ok) return fail(ok.error());
  return h.hex();
}

}  // namespace versus
