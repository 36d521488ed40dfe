// The CLI's conventions, through the versus binary: --help per command, the man page and the
// bash completion generated from the same tables, -v, and `plan` running the whole preflight.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "config/options/config_doc.h"
#include "config/options/option_table.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
const std::vector<std::vector<std::string>> kCommands = {{},
                                                         {"run"},
                                                         {"plan"},
                                                         {"report"},
                                                         {"docs"},
                                                         {"docs", "config"},
                                                         {"docs", "man"},
                                                         {"docs", "settings"},
                                                         {"docs", "completion"},
                                                         {"bench"},
                                                         {"compare"},
                                                         {"history"},
                                                         {"history", "add"},
                                                         {"history", "show"},
                                                         {"upgrade-report"},
                                                         {"merge"},
                                                         {"slurm"},
                                                         {"agent"}};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The completions bash offers for `words` (the last one being completed).
std::string complete(const fs::path& script, const fs::path& cwd, const std::string& words) {
  TempDir tmp;
  auto driver =
      tmp.write("complete.sh", "source " + script.string() + "\ncd " + cwd.string() +
                                   "\nCOMP_WORDS=(" + words +
                                   ")\nCOMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
                                   "_versus\nprintf '%s\\n' \"${COMPREPLY[@]}\" | sort\n");
  std::string cmd = "bash " + driver.string() + " > " + (tmp.path() / "out").string();
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ifstream in(tmp.path() / "out");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("every --help fits a screen and gives options, exit statuses and an example", "[cli]") {
  for (auto args : kCommands) {
    args.push_back("--help");
    auto r = run_versus(args);
    INFO(args.front() << "\n" << r.output);
    CHECK(r.exit_code == 0);
    auto lines = lines_of(r.output);
    // ~40; bench, with 42 options (its --replay ones too), takes 54 at 100 columns.
    CHECK(lines.size() <= 55);
    for (const auto& line : lines) CHECK(line.size() <= 100);
    CHECK(r.output.find("Exit status:\n  0  ") != std::string::npos);
    CHECK(r.output.find("Example:\n  versus ") != std::string::npos);
    CHECK(r.output.find("-v,--verbose") != std::string::npos);
    CHECK(r.output.find("-q,--quiet") != std::string::npos);
  }
  // The key reference is `versus docs config`, not --help.
  for (const auto& args : {std::vector<std::string>{"--help"}, {"run", "--help"}}) {
    auto r = run_versus(args);
    CHECK(r.output.find("rand_spec_pct") == std::string::npos);
    CHECK(r.output.find("versus docs config") != std::string::npos);
  }
}

TEST_CASE("the man page documents every command and every matrix key", "[cli]") {
  auto r = run_versus({"docs", "man"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.rfind(".TH VERSUS 1 ", 0) == 0);
  for (const auto& args : kCommands) {
    if (args.empty()) continue;
    std::string path = args[0] + (args.size() > 1 ? " " + args[1] : "");
    INFO(path);
    CHECK(r.output.find(".SS \"versus " + config::roff_escape(path) + "\"\n") != std::string::npos);
  }
  for (const config::OptionSpec& spec : config::option_table()) {
    INFO(spec.name);
    CHECK(r.output.find(".B " + config::roff_escape(spec.name) + "\n") != std::string::npos);
  }
  // An option of a command, with its description.
  CHECK(r.output.find(".B \\-\\-keep\\-snapshots\nKeep each instance") != std::string::npos);
  CHECK(r.output.find(".SH EXIT STATUS\n.nf\nExit status:\n  0  success\n") != std::string::npos);
}

TEST_CASE("bash completes subcommands, options and matrix files", "[cli]") {
  TempDir tmp;
  auto r = run_versus({"docs", "completion"});
  REQUIRE(r.exit_code == 0);
  auto script = tmp.write("versus.bash", r.output);
  tmp.write("nightly.yaml", "servers: []\n");
  tmp.write("notes.txt", "x\n");
  fs::create_directory(tmp.path() / "results");
  CHECK(complete(script, tmp.path(), "versus r") == "report\nrun\n");
  CHECK(complete(script, tmp.path(), "versus run --ke") == "--keep-snapshots\n");
  CHECK(complete(script, tmp.path(), "versus history s") == "show\n");
  CHECK(complete(script, tmp.path(), "versus history show --wo") == "--workload\n");
  CHECK(complete(script, tmp.path(), "versus run ''") == "nightly.yaml\nresults\n");
  CHECK(complete(script, tmp.path(), "versus plan n") == "nightly.yaml\n");
  CHECK(complete(script, tmp.path(), "versus run x.yaml -o n") == "nightly.yaml\nnotes.txt\n");
}

TEST_CASE("versus plan runs the preflight: a basedir without a server fails with file:line:key",
          "[cli]") {
  TempDir tmp;
  fs::create_directory(tmp.path() / "empty");
  auto matrix = tmp.write(
      "matrix.yaml", "servers:\n  - { name: a, basedir: " + release_basedir("10.11.19").string() +
                         " }\n  - { name: b, basedir: " + (tmp.path() / "empty").string() + " }\n");
  auto r = run_versus({"plan", matrix.string()});
  INFO(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(matrix.string() + ":3: servers[1].basedir: no server binary under") !=
        std::string::npos);
  CHECK(r.output.find("cells") == std::string::npos);  // no plan printed

  // With -v, the commands the preflight ran: the release detection of the good basedir.
  auto good = tmp.write("good.yaml", "servers:\n  - { name: a, basedir: " +
                                         release_basedir("10.11.19").string() + " }\n");
  auto v = run_versus({"plan", good.string(), "-v"});
  INFO(v.output);
  CHECK(v.exit_code == 0);
  CHECK(v.output.find("versus: run: " + release_basedir("10.11.19").string() +
                      "/sbin/mariadbd --no-defaults --version\n") != std::string::npos);
  // Without it, none of that.
  auto quiet = run_versus({"plan", good.string()});
  CHECK(quiet.exit_code == 0);
  CHECK(quiet.output.find("versus: run:") == std::string::npos);
}

}  // namespace versus::testing

namespace versus::testing {

TEST_CASE("compare --fail-on-undecided fails a gate that decided nothing", "[integration]") {
  // tests/golden/results.json: an ok cell of one repeat and a crashed one, so its comparison
  // with itself has too few runs to decide anything.
  const std::string run = (fs::path(VERSUS_SOURCE_DIR) / "tests/golden/results.json").string();
  const auto plain = run_versus({"compare", run, run, "-f", "terminal"});
  INFO(plain.output);
  CHECK(plain.exit_code == 0);
  CHECK(plain.output.find("2 with insufficient data") != std::string::npos);
  const auto gated = run_versus({"compare", run, run, "-f", "terminal", "--fail-on-undecided"});
  INFO(gated.output);
  CHECK(gated.exit_code == 1);
  CHECK(gated.output.find("2 matched cell(s) undecided or with too few runs") != std::string::npos);
}

TEST_CASE("versus bench refuses a mix option out of its key's range before connecting",
          "[cli]") {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"bench", "run", "--inlist-size", "0"},
        std::vector<std::string>{"bench", "run", "--point-selects", "-1"},
        std::vector<std::string>{"bench", "run", "--tpcc-mix", "hammer"}}) {
    auto r = run_versus(args);
    INFO(r.output);
    CHECK(r.exit_code == 2);
    CHECK(r.output.find(args[2]) != std::string::npos);
  }
}

}  // namespace versus::testing
