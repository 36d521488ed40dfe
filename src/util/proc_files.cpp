#include "util/proc_files.h"

#include <charconv>

#include "util/whole_file.h"

namespace versus {

std::string read_proc_file(const std::filesystem::path& file) {
  auto text = read_whole_file(file);
  return text ? std::move(*text) : std::string();
}

std::vector<pid_t> proc_ids(const std::filesystem::path& dir) {
  std::vector<pid_t> out;
  std::error_code ec;
  // increment(ec), never operator++: a directory whose process ends mid-listing must not throw.
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    pid_t id = 0;
    const auto [rest, err] = std::from_chars(name.data(), name.data() + name.size(), id);
    if (err == std::errc() && rest == name.data() + name.size() && id > 0) out.push_back(id);
  }
  return out;
}

}  // namespace versus
