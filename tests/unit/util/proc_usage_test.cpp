#include "util/proc_usage.h"

#include <unistd.h>

#include <catch2/catch.hpp>

using namespace versus;

TEST_CASE("proc_usage: utime and stime from a stat line whose comm holds spaces and parens",
          "[util][proc_usage]") {
  const std::string line =
      "4242 (my (odd) server) S 1 4242 4242 0 -1 4194560 1500 0 3 0 275 61 0 0 20 0 38 0";
  auto t = parse_stat_times(line);
  REQUIRE(t);
  CHECK(t->first == 275);
  CHECK(t->second == 61);
  CHECK_FALSE(parse_stat_times("garbage"));
  CHECK_FALSE(parse_stat_times("1 (x) S 1 2"));
}

TEST_CASE("proc_usage: context switches, VmHWM and io fields", "[util][proc_usage]") {
  const std::string status =
      "Name:\tmariadbd\nVmHWM:\t  123456 kB\nVmRSS:\t  100000 kB\n"
      "voluntary_ctxt_switches:\t812\nnonvoluntary_ctxt_switches:\t37\n";
  const ThreadSwitches s = parse_switches(status);
  CHECK(s.voluntary == 812);
  CHECK(s.involuntary == 37);  // not confused with the "voluntary_" line inside it
  CHECK(parse_status_kb(status, "VmHWM") == 123456ULL * 1024);
  CHECK(parse_status_kb(status, "VmSwap") == 0);
  ProcessUsage u;
  parse_io(
      "rchar: 100\nwchar: 200\nsyscr: 3\nsyscw: 4\nread_bytes: 4096\nwrite_bytes: 8192\n"
      "cancelled_write_bytes: 0\n",
      u);
  CHECK(u.rchar == 100);
  CHECK(u.wchar == 200);
  CHECK(u.read_bytes == 4096);
  CHECK(u.write_bytes == 8192);
}

TEST_CASE("proc_usage: host times split ticked busy, idle, iowait and steal",
          "[util][proc_usage]") {
  auto t = parse_host_times("cpu  100 5 50 1000 30 2 3 4 0 0", 100);
  REQUIRE(t);
  CHECK(t->ticked_busy_s == Approx((100 + 5 + 50 + 2 + 3) / 100.0));
  CHECK(t->idle_s == Approx(10.0));
  CHECK(t->iowait_s == Approx(0.3));
  CHECK(t->steal_s == Approx(0.04));
  CHECK_FALSE(parse_host_times("cpu0 1 2 3 4 5 6 7", 100));
}

TEST_CASE("proc_usage: host busy is the interval's CPU time less idle, iowait and steal",
          "[util][proc_usage]") {
  const HostTimes before{50, 100, 1, 2}, after{52, 105.5, 1.25, 2.5};
  // 5 s on 2 CPUs = 10 CPU-s, of which 5.5 idle, 0.25 iowait, 0.5 stolen: 3.75 busy, whatever
  // the ticks say (they say 2).
  CHECK(host_busy_between(before, after, 5.0, 2) == Approx(3.75));
  CHECK(host_busy_between(before, after, 2.0, 2) == 0);  // never below 0
}

TEST_CASE("proc_usage: the delta counts new processes and threads whole, lost ones not at all",
          "[util][proc_usage]") {
  TreeSample before, after;
  before.processes[10] = {1.0, 0.5, 10, 20, 4096, 0, 1000};
  before.processes[11] = {9.0, 9.0, 0, 0, 0, 0, 10};  // ends before `after`
  after.processes[10] = {1.5, 0.75, 30, 50, 8192, 4096, 2000};
  after.processes[12] = {0.25, 0.25, 1, 1, 0, 0, 500};  // started in between
  before.threads[10] = {100, 10};
  before.threads[13] = {50, 5};
  after.threads[10] = {130, 12};
  after.threads[14] = {7, 1};
  const TreeDelta d = tree_delta(before, after);
  CHECK(d.user_s == Approx(0.75));
  CHECK(d.system_s == Approx(0.5));
  CHECK(d.rchar == 21);
  CHECK(d.wchar == 31);
  CHECK(d.read_bytes == 4096);
  CHECK(d.write_bytes == 4096);
  CHECK(d.voluntary == 37);
  CHECK(d.involuntary == 3);
  CHECK(d.peak_rss_bytes == 2000);
  CHECK(d.processes == 2);
}

TEST_CASE("proc_usage: this process's tree holds itself and its threads", "[util][proc_usage]") {
  const pid_t self = ::getpid();
  const auto tree = process_tree(self);
  REQUIRE_FALSE(tree.empty());
  CHECK(tree.front() == self);
  const TreeSample s = sample_tree(self);
  REQUIRE(s.processes.count(self) == 1);
  CHECK(s.threads.count(self) == 1);
  CHECK(s.processes.at(self).peak_rss_bytes > 0);
  CHECK(host_times().idle_s + host_times().ticked_busy_s > 0);
  CHECK(process_tree(0x7ffffff0).empty());
}
