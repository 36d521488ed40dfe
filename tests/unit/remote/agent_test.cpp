#include "remote/agent.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "remote/agent_protocol.h"
#include "shared/files.h"
#include "support/elf_file.h"
#include "util/elf_interp.h"

namespace fs = std::filesystem;
namespace agent = versus::remote::agent;

namespace {
// The agent's replies to `requests`, one per line, read from a pipe that then ends.
std::vector<agent::Json> serve(const fs::path& workdir, const std::vector<agent::Json>& requests) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::string text;
  for (const auto& r : requests) text += r.dump() + "\n";
  REQUIRE(::write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  std::ostringstream out;
  CHECK(versus::remote::run_agent({workdir}, fds[0], out) == 0);
  ::close(fds[0]);
  std::vector<agent::Json> replies;
  std::istringstream lines(out.str());
  std::string line;
  while (std::getline(lines, line)) replies.push_back(agent::Json::parse(line));
  return replies;
}
}  // namespace

TEST_CASE("agent: answers each request, and refuses what is outside its work directory",
          "[run][agent]") {
  const fs::path work = fs::temp_directory_path() / ("versus-agent-" + std::to_string(::getpid()));
  fs::remove_all(work);
  const auto replies =
      serve(work, {{{"op", "hello"}},
                   {{"op", "reboot"}},
                   {{"op", "remove"}, {"path", "/etc"}},
                   {{"op", "remove"}, {"path", (work / "../elsewhere").string()}},
                   {{"op", "prepare_dir"}, {"dir", (work / "i").string()}, {"port", 0}},
                   {{"op", "prepare_dir"},
                    {"dir", (work / "i").string()},
                    {"port", 3307},
                    {"my_cnf", "[mysqld]\n"}},
                   {{"op", "read_file"}, {"path", (work / "i/my.cnf").string()}},
                   {{"op", "stop"}, {"id", "none"}},
                   {{"op", "remove"}, {"path", (work / "i").string()}}});
  REQUIRE(replies.size() == 9);
  CHECK(replies[0]["ok"] == true);
  CHECK(replies[0]["versus_version"] == VERSUS_VERSION);
  CHECK(replies[1]["error"] == "the agent has no operation \"reboot\"");
  CHECK(replies[2]["error"].get<std::string>().find("not inside its work directory") !=
        std::string::npos);
  CHECK(replies[3]["ok"] == false);
  CHECK(replies[4]["port"].get<unsigned>() > 0);
  CHECK(replies[5]["ok"] == true);
  CHECK(replies[6]["text"] == "[mysqld]\n");
  CHECK(replies[7]["error"] == "the agent runs no server none");
  CHECK(replies[8]["ok"] == true);
  CHECK_FALSE(fs::exists(work / "i"));
  CHECK(fs::exists("/etc"));
  fs::remove_all(work);
}

// A tree scripts/fetch-releases.sh staged, as rsync left it in the work directory: made to
// run where it is renamed to (server/fetched_tree.h), only inside the work directory.
TEST_CASE("agent: relocates a copied release tree inside its work directory", "[run][agent]") {
  const fs::path work =
      fs::temp_directory_path() / ("versus-agent-tree-" + std::to_string(::getpid()));
  fs::remove_all(work);
  const fs::path arrived = work / "releases/k.partial";
  const std::string loader = "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2";
  versus::testing::write_file(arrived / "usr/sbin/mariadbd",
                              versus::testing::synthetic_elf("/old/tree" + loader, 300), true);
  versus::testing::write_file(arrived / loader.substr(1), "a loader", true);
  versus::testing::write_file(arrived / ".versus-release",
                              "patched_for=/old/tree\nrelocatable=yes\n", false);
  const auto replies = serve(
      work, {{{"op", "relocate_release"}, {"tree", "/old/tree"}, {"to", (work / "x").string()}},
             {{"op", "relocate_release"},
              {"tree", arrived.string()},
              {"to", (work / "releases/k").string()}}});
  REQUIRE(replies.size() == 2);
  CHECK_THAT(replies[0]["error"].get<std::string>(), Catch::Contains("not inside its work"));
  CHECK(replies[1]["ok"] == true);
  CHECK(replies[1]["rewritten"] == 1);
  CHECK((*versus::read_elf_interp(arrived / "usr/sbin/mariadbd"))->path ==
        (work / "releases/k").string() + loader);
  fs::remove_all(work);
}
