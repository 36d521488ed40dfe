#include "remote/agent_bundle.h"

#include <catch2/catch.hpp>

TEST_CASE("ldd's output: libraries, loader, and what is missing", "[run][agent]") {
  const auto out = versus::remote::parse_ldd(
      "\tlinux-vdso.so.1 (0x00007ffd5b5f2000)\n"
      "\tlibmariadb.so.3 => /lib/x86_64-linux-gnu/libmariadb.so.3 (0x00007f0d1c000000)\n"
      "\tlibsqlite3.so.0 => not found\n"
      "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0d1bc00000)\n"
      "\t/lib64/ld-linux-x86-64.so.2 (0x00007f0d1c3a0000)\n");
  REQUIRE(out.libraries.size() == 2);
  CHECK(out.libraries[0] == "/lib/x86_64-linux-gnu/libmariadb.so.3");
  CHECK(out.libraries[1] == "/lib/x86_64-linux-gnu/libc.so.6");
  CHECK(out.loader == "/lib64/ld-linux-x86-64.so.2");
  CHECK(out.missing == std::vector<std::string>{"libsqlite3.so.0"});
  CHECK(versus::remote::parse_ldd("\tnot a dynamic executable\n").loader.empty());
}
