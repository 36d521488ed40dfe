// The disk fills during the load: the run stops or fails the cell with a clear error,
// results.json stays intact and parseable, and no server is left running.
#include <sys/mount.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {
// A tmpfs of `megabytes` mounted on a fresh directory (needs root, as CI has); unmounted
// on destruction. A failed mount fails the test: it never skips.
class SmallDisk {
 public:
  explicit SmallDisk(int megabytes) : path_(tmp_.path() / "disk") {
    fs::create_directories(path_);
    std::string opts = "size=" + std::to_string(megabytes) + "m,mode=0700";
    INFO("mount tmpfs on " << path_ << ": " << std::strerror(errno));
    REQUIRE(::mount("tmpfs", path_.c_str(), "tmpfs", 0, opts.c_str()) == 0);
  }
  ~SmallDisk() { ::umount2(path_.c_str(), MNT_DETACH); }
  const fs::path& path() const { return path_; }

 private:
  TempDir tmp_;
  fs::path path_;
};

// Writes zeros into `file` until the file system says it is full.
void fill(const fs::path& file) {
  std::FILE* f = std::fopen(file.c_str(), "wb");
  REQUIRE(f != nullptr);
  static const std::vector<char> chunk(1 << 20, 0);
  while (std::fwrite(chunk.data(), 1, chunk.size(), f) == chunk.size()) {
  }
  std::fclose(f);
}
}  // namespace

TEST_CASE("the disk filling up during the load loses nothing recorded", "[integration]") {
  // Room for the snapshot, the cell's copy and what the first cell grows it by: InnoDB extends
  // ibdata1 by innodb_autoextend_increment (64 MB) at once and preallocates sbtest1.ibd, and on
  // a fast machine the first cell's 4 s of inserts reached both (160 MB was too small).
  SmallDisk disk(400);
  TempDir tmp;
  auto matrix = tmp.write(
      "m.yaml", "servers:\n  - { name: solo, basedir: " + release_basedir("10.11.19").string() +
                    " }\nprofiles:\n  - { name: small, options: { innodb_log_file_size: 8M, "
                    "innodb_buffer_pool_size: 32M } }\nworkloads: [oltp_insert]\n"
                    "threads: [1, 2]\ntable_size: 2000\nwarmup: 0s\nduration: 4s\n");
  fs::path run = disk.path() / "run";
  BackgroundVersus v({"run", matrix.string(), "--output", run.string()});
  // The first cell is recorded (its server stopped before that) and a server is up again: the
  // second cell's. Fill the disk. (Waiting for a third server in the journal was a race: a
  // start retried on a taken port records one more, and a run two tests at a time once filled
  // the disk during the first cell.)
  REQUIRE(wait_until(
      [&] {
        auto done = results::load_results(run / "results.json");
        return done && !done->cells.empty() && !live_recorded_servers(run).empty();
      },
      90s));
  std::this_thread::sleep_for(500ms);
  fill(disk.path() / "ballast");
  int code = v.wait(120s);
  INFO(v.output());
  CHECK((code == 3 || code == 4));  // the cell failed, or the run stopped: never "ok"
  auto r = results::load_results(run / "results.json");
  REQUIRE(r);  // intact and parseable
  REQUIRE_FALSE(r->cells.empty());
  CHECK(r->cells[0].status == results::CellStatus::ok);
  if (r->cells.size() > 1) {
    CHECK(r->cells[1].status != results::CellStatus::ok);
    CHECK_FALSE(r->cells[1].error.empty());
  }
  CHECK(live_recorded_servers(run).empty());
}

}  // namespace versus::testing
