// The diagnosis the watchdog gathers: the process line from /proc, and a server that does not
// answer said as such within the deadline (a listening socket that never sends a greeting).
#include "host/server_diagnosis.h"

#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstring>
#include <thread>

#include "support/stopped_child.h"
#include "support/temp_dir.h"
#include "util/pid.h"

using namespace std::chrono_literals;

TEST_CASE("diagnosis: a stopped process's state and its threads in one line", "[host][diagnosis]") {
  versus::testing::StoppedChild stopped;
  const pid_t child = stopped.pid();
  const std::string line = versus::host::process_state_line(child);
  stopped.end();
  CHECK(line.find("pid " + std::to_string(child) + ", state T (stopped); its threads: T ") == 0);
  CHECK(versus::host::process_state_line(child).empty());
  CHECK(versus::host::process_state_line(0).empty());
}

TEST_CASE("diagnosis: a server that never answers is said so within the deadline, log tail kept",
          "[host][diagnosis]") {
  versus::testing::TempDir tmp;
  const auto path = tmp.path() / "mute.sock";
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  REQUIRE(::listen(fd, 4) == 0);  // accepts into the backlog, never greets: a stopped server
  versus::host::DiagnosisSource source;
  source.admin.socket = path.string();
  source.admin.user = "root";
  source.deadline = 1s;
  source.log_tail = [] { return std::string("[ERROR] the last words"); };
  const auto started = std::chrono::steady_clock::now();
  const std::string text = versus::host::diagnose_server(source);
  const auto took = std::chrono::steady_clock::now() - started;
  ::close(fd);
  CHECK(took < 5s);
  CHECK(text.find("== SHOW FULL PROCESSLIST") != std::string::npos);
  CHECK(text.find("(no answer within 1 s") != std::string::npos);
  CHECK(text.find("== the error log ends\n[ERROR] the last words") != std::string::npos);
  CHECK(text.find("== the server's process") == std::string::npos);  // no local pid given
}
