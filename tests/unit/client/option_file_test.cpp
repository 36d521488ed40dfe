#include "client/option_file.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

using versus::client::parse_client_password;
using versus::client::read_client_password;
namespace fs = std::filesystem;

TEST_CASE("parse_client_password reads [client] only, unquoted, last wins",
          "[client][option_file]") {
  CHECK(parse_client_password("[client]\npassword=abc\n") == "abc");
  CHECK(parse_client_password("[client]\n  password = 'a b#c' \n") == "a b#c");
  CHECK(parse_client_password("[client]\npassword=\"q\"\n") == "q");
  CHECK(parse_client_password(
            "[mysqld]\npassword=no\n[client]\n# password=comment\npassword=x\npassword=y\n") ==
        "y");
  CHECK_FALSE(parse_client_password("[mysql]\npassword=abc\n"));
  CHECK_FALSE(parse_client_password("password=abc\n"));
  CHECK(parse_client_password("[client]\r\npassword=win\r\n") == "win");
}

TEST_CASE("read_client_password refuses a file others may read", "[client][option_file]") {
  fs::path p = fs::temp_directory_path() / ("versus-optfile-" + std::to_string(::getpid()));
  std::ofstream(p) << "[client]\npassword=secret\n";
  fs::permissions(p, fs::perms::owner_read | fs::perms::owner_write);
  auto ok = read_client_password(p);
  REQUIRE(ok);
  CHECK(*ok == "secret");
  fs::permissions(p, fs::perms::group_read, fs::perm_options::add);
  auto bad = read_client_password(p);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.find("chmod 600") != std::string::npos);
  CHECK(bad.error().message.find("secret") == std::string::npos);
  fs::remove(p);
  CHECK_FALSE(read_client_password(p));
}
