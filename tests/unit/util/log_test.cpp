#include "util/log.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using namespace versus;

namespace {
std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("argv_text quotes what a shell would split and masks passwords", "[util][log]") {
  CHECK(
      log::argv_text("/usr/bin/mysqld_safe", {"--defaults-file=/r/my.cnf", "--ledir=/usr/sbin"}) ==
      "/usr/bin/mysqld_safe --defaults-file=/r/my.cnf --ledir=/usr/sbin");
  CHECK(log::argv_text("a b", {"it's", ""}) == "'a b' 'it'\\''s' ''");
  CHECK(log::argv_text("mysql", {"--password=s3cret", "-ps3cret", "-u", "root"}) ==
        "mysql --password=MASKED -pMASKED -u root");
}

TEST_CASE("a FileLog receives every event while open, nothing after", "[util][log]") {
  auto path = std::filesystem::temp_directory_path() /
              ("versus-log-test-" + std::to_string(::getpid()) + ".log");
  std::filesystem::remove(path);
  log::set_verbosity(log::Verbosity::normal);
  CHECK_FALSE(log::enabled(log::Level::debug));  // nowhere to go: nothing is formatted
  {
    auto file = log::FileLog::open(path);
    REQUIRE(file);
    CHECK(log::enabled(log::Level::debug));
    log::info("server start: pid {}, port {}", 42, 3307);
    log::warn("port {} was taken", 3307);
    log::debug("detail {}", "x");
  }
  log::info("after the close");
  const std::string text = read(path);
  CHECK(text.find("info  server start: pid 42, port 3307\n") != std::string::npos);
  CHECK(text.find("warning port 3307 was taken\n") != std::string::npos);
  CHECK(text.find("debug detail x\n") != std::string::npos);
  CHECK(text.find("after the close") == std::string::npos);
  // Each line starts with an ISO-8601 timestamp with milliseconds.
  CHECK(text.size() > 24);
  CHECK(text[4] == '-');
  CHECK(text[10] == 'T');
  CHECK(text[19] == '.');
  std::filesystem::remove(path);
}

TEST_CASE("a FileLog that cannot be opened is an error", "[util][log]") {
  const auto dir = std::filesystem::temp_directory_path();  // a directory, not a file
  auto file = log::FileLog::open(dir);
  REQUIRE_FALSE(file);
  CHECK(file.error().message.find(dir.string()) != std::string::npos);
}
