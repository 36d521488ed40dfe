// The port versus chose for a server is taken by the time the server binds it. The test
// listens on a port of 127.0.0.1 itself and injects a port picker into the run (in
// process) that hands out that port as the first choice of every server start: the real
// server must fail to bind it, and versus must start it again on a fresh port.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <sstream>

#include "config/reading/matrix_parser.h"
#include "run/matrix_run.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
// A socket listening on 127.0.0.1 at a port the kernel chose; closed on destruction.
class HeldPort {
 public:
  HeldPort() : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    REQUIRE(fd_ >= 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    REQUIRE(::listen(fd_, 1) == 0);
    REQUIRE(::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    port_ = ntohs(addr.sin_port);
  }
  ~HeldPort() { ::close(fd_); }
  HeldPort(const HeldPort&) = delete;
  HeldPort& operator=(const HeldPort&) = delete;
  unsigned port() const { return port_; }

 private:
  int fd_;
  unsigned port_ = 0;
};

// Every odd call hands out the taken port (a start's first try), every even call a free
// one (its retry): each start must fail once and recover once.
struct TakenFirst {
  unsigned taken;
  std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);
  Expected<unsigned> operator()() const {
    return (*calls)++ % 2 == 0 ? Expected<unsigned>(taken) : server::find_free_port();
  }
};

class QuietProgress : public results::ProgressSink {
 public:
  void note(const std::string&) override {}
  void cell_started(const results::CellCoordinates&) override {}
  void cell_live(const results::CellCoordinates&, const results::LiveFigures&) override {}
  void cell_finished(const results::CellCoordinates&, const results::CellRecord&, double) override {
  }
};

// The port a cell's server ran on: the `port=` line of its recorded my.cnf.
unsigned port_of(const std::string& my_cnf) {
  auto at = my_cnf.find("\nport=");
  REQUIRE(at != std::string::npos);
  return static_cast<unsigned>(std::stoul(my_cnf.substr(at + 6)));
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("a server whose port was taken is started again on another port", "[integration]") {
  TempDir tmp;
  auto plan = config::parse_matrix_file(tmp.write("m.yaml", one_release_matrix("[1, 2]", "2s")));
  REQUIRE(plan);
  HeldPort held;
  TakenFirst picker{held.port()};
  run::RunOptions opts;
  opts.output = tmp.path() / "run";
  opts.pick_port = picker;
  opts.no_cache = true;  // the preparation's server is one of the starts counted
  QuietProgress progress;
  auto out = run::run_matrix(*plan, opts, progress);
  INFO((out ? std::string() : out.error().message));
  REQUIRE(out);
  CHECK(*picker.calls == 6);  // the preparation and two cells: a taken port, then a free one
  REQUIRE(out->results.cells.size() == 2);
  for (const auto& cell : out->results.cells) {
    INFO(cell.error);
    CHECK(cell.status == results::CellStatus::ok);
    CHECK(port_of(cell.my_cnf) != held.port());
    // The kept error log holds the failed first try: the server really could not bind.
    CHECK(read_text(out->dir / cell.error_log).find("Bind on TCP/IP port") != std::string::npos);
  }
  CHECK(recorded_servers(out->dir).size() == 3);  // only the starts that succeeded
  CHECK(live_recorded_servers(out->dir).empty());
}

}  // namespace versus::testing
