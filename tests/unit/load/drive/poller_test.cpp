#include "load/drive/poller.h"

#include <mysql.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>

using versus::load::Poller;
using namespace std::chrono_literals;

namespace {
// A connected pair of Unix stream sockets, closed on destruction.
struct SocketPair {
  int fd[2] = {-1, -1};
  SocketPair() { REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fd) == 0); }
  ~SocketPair() {
    for (int f : fd)
      if (f >= 0) ::close(f);
  }
};
}  // namespace

TEST_CASE("Poller: nothing ready times out empty", "[load][poller]") {
  auto poller = Poller::create(2);
  REQUIRE(poller);
  SocketPair s;
  REQUIRE(poller->watch(0, s.fd[0], MYSQL_WAIT_READ));
  CHECK(poller->wait(1ms).empty());
}

TEST_CASE("Poller: a readable socket wakes its id with MYSQL_WAIT_READ", "[load][poller]") {
  auto poller = Poller::create(3);
  REQUIRE(poller);
  SocketPair a, b;
  REQUIRE(poller->watch(1, a.fd[0], MYSQL_WAIT_READ));
  REQUIRE(poller->watch(2, b.fd[0], MYSQL_WAIT_READ));
  REQUIRE(::write(b.fd[1], "x", 1) == 1);
  const auto ready = poller->wait(1s);
  REQUIRE(ready.size() == 1);
  CHECK(ready[0].id == 2);
  CHECK((ready[0].events & MYSQL_WAIT_READ) != 0);
}

TEST_CASE("Poller: interest follows the last watch; 0 and forget silence a socket",
          "[load][poller]") {
  auto poller = Poller::create(1);
  REQUIRE(poller);
  SocketPair s;
  REQUIRE(::write(s.fd[1], "x", 1) == 1);  // readable from now on (level-triggered)
  REQUIRE(poller->watch(0, s.fd[0], MYSQL_WAIT_WRITE));
  auto ready = poller->wait(1s);
  REQUIRE(ready.size() == 1);
  CHECK(ready[0].events == MYSQL_WAIT_WRITE);  // writable, and only that was asked for
  REQUIRE(poller->watch(0, s.fd[0], 0));
  CHECK(poller->wait(1ms).empty());
  REQUIRE(poller->watch(0, s.fd[0], MYSQL_WAIT_READ));
  CHECK(poller->wait(1s).size() == 1);
  poller->forget(0);
  CHECK(poller->wait(1ms).empty());
}

TEST_CASE("Poller: a hang-up wakes a reader", "[load][poller]") {
  auto poller = Poller::create(1);
  REQUIRE(poller);
  SocketPair s;
  REQUIRE(poller->watch(0, s.fd[0], MYSQL_WAIT_READ));
  ::close(s.fd[1]);
  s.fd[1] = -1;
  const auto ready = poller->wait(1s);
  REQUIRE(ready.size() == 1);
  CHECK((ready[0].events & MYSQL_WAIT_READ) != 0);
}

TEST_CASE("Poller: a new socket for an id replaces the old one", "[load][poller]") {
  auto poller = Poller::create(1);
  REQUIRE(poller);
  SocketPair old_pair, new_pair;
  REQUIRE(poller->watch(0, old_pair.fd[0], MYSQL_WAIT_READ));
  REQUIRE(poller->watch(0, new_pair.fd[0], MYSQL_WAIT_READ));
  REQUIRE(::write(old_pair.fd[1], "x", 1) == 1);
  CHECK(poller->wait(1ms).empty());  // the old socket is no longer watched
  REQUIRE(::write(new_pair.fd[1], "x", 1) == 1);
  CHECK(poller->wait(1s).size() == 1);
}
