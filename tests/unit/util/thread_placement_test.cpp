#include "util/thread_placement.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <catch2/catch.hpp>

using namespace versus;

TEST_CASE("thread placement: the processor field and CPU ticks of a task's stat",
          "[util][placement]") {
  // A real line of /proc/PID/task/TID/stat (a comm with a space and a parenthesis).
  const std::string line =
      "4242 (my (thread) x) S 1 4242 4242 0 -1 4194560 1532 0 0 0 250 31 0 0 20 0 17 0 2786 "
      "8589934592 30000 18446744073709551615 1 1 0 0 0 0 0 4096 1260 0 0 0 -1 1 0 0 0 0 0";
  const auto p = parse_thread_stat(line);
  REQUIRE(p);
  CHECK(p->ticks == 281);
  CHECK(p->cpu == 1);
  CHECK_FALSE(parse_thread_stat("4242 (short) S 1 2 3"));
}

TEST_CASE("thread placement: migrations from sched, -1 without it", "[util][placement]") {
  CHECK(parse_migrations("x (1, #threads: 1)\n---\nse.sum_exec_runtime : 1.5\n"
                         "se.nr_migrations                             :                   17\n") ==
        17);
  CHECK(parse_migrations("") == -1);
}

TEST_CASE("thread placement: this thread is found on a CPU of this machine",
          "[util][placement]") {
  const auto tid = static_cast<pid_t>(::syscall(SYS_gettid));
  const ThreadPlaces own = own_threads({tid});
  REQUIRE(own.count(tid) == 1);
  CHECK(own.at(tid).cpu >= 0);
  CHECK(own.at(tid).cpu < static_cast<int>(::sysconf(_SC_NPROCESSORS_CONF)));
  CHECK(threads_of({::getpid()}).count(tid) == 1);
  CHECK(own.at(tid).migrations >= 0);
}
