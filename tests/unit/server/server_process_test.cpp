#include "server/server_process.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "support/temp_dir.h"

using versus::server::error_log_tail;

namespace {
const std::string kEarlier =
    "2025-01-01  0:00:00 0 [ERROR] Can't start server: Bind on TCP/IP port. Got error: 98\n";
const std::string kNow = "2025-01-01  0:00:09 0 [ERROR] unknown variable 'innodb_bogus=1'\n";
}  // namespace

TEST_CASE("error_log_tail quotes the [ERROR] lines of the whole log by default", "[server]") {
  versus::testing::TempDir dir;
  const auto log = dir.path() / "error.log";
  std::ofstream(log) << kEarlier << "2025-01-01  0:00:05 0 [Note] starting\n" << kNow;
  const std::string tail = error_log_tail(log);
  CHECK(tail.find("Bind on TCP/IP port") != std::string::npos);
  CHECK(tail.find("innodb_bogus") != std::string::npos);
}

TEST_CASE("error_log_tail from an offset ignores what an earlier start wrote", "[server]") {
  versus::testing::TempDir dir;
  const auto log = dir.path() / "error.log";
  std::ofstream(log) << kEarlier << kNow;
  const std::string tail = error_log_tail(log, 15, kEarlier.size());
  CHECK(tail.find("Bind on TCP/IP port") == std::string::npos);
  CHECK(tail.find("innodb_bogus") != std::string::npos);
}

TEST_CASE("error_log_tail says when nothing was written after the offset", "[server]") {
  versus::testing::TempDir dir;
  const auto log = dir.path() / "error.log";
  std::ofstream(log) << kEarlier;
  CHECK(error_log_tail(log, 15, kEarlier.size()).find("is empty") != std::string::npos);
}
