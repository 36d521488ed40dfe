#include "util/content_key.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace {
struct Dir {
  fs::path path;
  explicit Dir(const std::string& name)
      : path(fs::temp_directory_path() / ("versus-key-" + name + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path / "sbin");
    std::ofstream(path / "sbin" / "mariadbd") << "binary bytes";
    std::ofstream(path / "README") << "text";
    fs::create_symlink("sbin/mariadbd", path / "link");
  }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};
}  // namespace

TEST_CASE("content key: the same content, wherever it is, and only it", "[util]") {
  Dir a("a"), b("b");
  auto ka = versus::content_key(a.path), kb = versus::content_key(b.path);
  REQUIRE(ka);
  REQUIRE(kb);
  CHECK(ka->size() == 32);
  CHECK(*ka == *kb);  // another place, other mtimes
  std::ofstream(b.path / "README") << "other text";
  CHECK(*versus::content_key(b.path) != *ka);
  Dir c("c");
  fs::remove(c.path / "link");
  fs::create_symlink("README", c.path / "link");
  CHECK(*versus::content_key(c.path) != *ka);  // a symlink's target counts
  Dir d("d");
  fs::rename(d.path / "README", d.path / "README2");
  CHECK(*versus::content_key(d.path) != *ka);  // names count
  CHECK_FALSE(versus::content_key(a.path / "missing"));
}
