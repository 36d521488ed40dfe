#include "shared/files.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "util/whole_file.h"

namespace versus::testing {

std::vector<std::filesystem::path> yaml_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".yaml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string text_of(const std::filesystem::path& file) {
  auto text = read_whole_file(file);
  if (!text) throw std::runtime_error(text.error().message);
  return *text;
}

void write_file(const std::filesystem::path& file, const std::string& text, bool executable) {
  namespace fs = std::filesystem;
  fs::create_directories(file.parent_path());
  {
    std::ofstream out(file);
    out << text;
  }
  fs::permissions(
      file, executable ? fs::perms::owner_all : (fs::perms::owner_read | fs::perms::owner_write),
      fs::perm_options::replace);
}

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

std::vector<std::string> csv_split(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
      fields.back() += line[++i];
    else if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      fields.emplace_back();
    else
      fields.back() += c;
  }
  return fields;
}

}  // namespace versus::testing
