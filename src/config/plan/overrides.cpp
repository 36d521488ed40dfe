#include "config/plan/overrides.h"

#include <sstream>

#include "util/whole_file.h"

namespace versus::config {

std::string overrides_text(const MatrixOverrides& o) {
  std::string out;
  for (const std::string& s : o.servers) out += "--server " + s + "\n";
  for (const std::string& s : o.sets) out += "--set " + s + "\n";
  return out;
}

Expected<MatrixOverrides> read_overrides_file(const std::filesystem::path& file) {
  MatrixOverrides o;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return o;
  auto text = read_whole_file(file);
  if (!text) return fail(file.string() + ": cannot read");
  std::istringstream in(*text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.rfind("--server ", 0) == 0)
      o.servers.push_back(line.substr(9));
    else if (line.rfind("--set ", 0) == 0)
      o.sets.push_back(line.substr(6));
    else if (!line.empty())
      return fail(file.string() + ":" + std::to_string(number) +
                  ": expected '--server NAME=BASEDIR' or '--set KEY=VALUE'");
  }
  return o;
}

}  // namespace versus::config
