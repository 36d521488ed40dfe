#include "cli/help.h"

#include <string_view>

namespace versus::cli {
namespace {

struct CommandHelp {
  std::string_view path;   // command_path()
  std::string_view exits;  // "Exit status:" lines, each "  N  meaning"
  std::string_view example;
};

constexpr std::string_view kBadInput = "  2  bad command line or input: nothing was done\n";

// One entry per command; a command without one gets the top level's statuses (help_test checks
// that every command has one).
constexpr CommandHelp kHelp[] = {
    {"",
     "  0  success\n"
     "  1  a significant regression (compare, run --baseline)\n"
     "  2  bad command line or matrix: nothing was started\n"
     "  3  the run finished but some cells failed, crashed or were unresponsive\n"
     "  4  the run could not go on (results could not be written, ...)\n"
     "  128+N  stopped by signal N (130: SIGINT, 143: SIGTERM)\n",
     "versus plan configs/quickstart.yaml && versus run configs/quickstart.yaml\n"
     "Matrix file keys: `versus docs config` (or man versus)."},
    {"run",
     "  0  every cell measured (and no regression with --baseline)\n"
     "  1  a significant regression beyond --threshold (--baseline)\n"
     "  2  bad command line, matrix or baseline: nothing was started\n"
     "  3  the run finished but some cells failed, crashed or were unresponsive\n"
     "  4  the run could not go on (results could not be written)\n"
     "  130, 143  stopped by SIGINT, SIGTERM (resume with --resume)\n",
     "versus run configs/quickstart.yaml -o results/quickstart\n"
     "Matrix file keys: `versus docs config`. Every run writes run.log in its directory."},
    {"plan",
     "  0  the matrix and its preflight (releases, profiles) pass: `run` will start\n"
     "  2  they do not: one line per problem, FILE:LINE: key: why\n",
     "versus plan configs/quickstart.yaml"},
    {"report", "  0  printed\n  2  no readable results.json in RUN_DIR\n",
     "versus report results/20261201-101500 -f markdown > comparison.md"},
    {"docs", "  0  printed\n", "versus docs config > docs/config.md"},
    {"docs config", "  0  printed\n", "versus docs config > docs/config.md"},
    {"docs man", "  0  printed\n", "versus docs man > versus.1 && man ./versus.1"},
    {"docs completion", "  0  printed\n",
     "versus docs completion > ~/.local/share/bash-completion/completions/versus"},
    {"bench",
     "  0  done\n"
     "  2  bad command line (or no password): nothing was done\n"
     "  3  run, check: the tables fail their checks (tpcc's consistency conditions)\n"
     "  4  the server refused or failed (connect, limits, load)\n",
     "versus bench run --port 3306 --user sbtest --defaults-file client.cnf --threads 8"},
    {"compare",
     "  0  no significant regression beyond --threshold\n"
     "  1  a significant regression beyond --threshold\n",
     "versus compare results/nightly-1 results/nightly-2 --threshold 5"},
    {"history", "  0  done\n", "versus history show --workload oltp_read_write"},
    {"history add", "  0  appended\n", "versus history add results/20261201-101500"},
    {"history show", "  0  printed (or written to -o FILE)\n  4  -o FILE could not be written\n",
     "versus history show -f html -o index.html"},
    {"merge",
     "  0  merged, every cell ok\n"
     "  2  not the shards of one plan, a shard or cell missing or twice, or machines that "
     "differ\n"
     "  3  merged, but some cells failed or crashed\n"
     "  4  the merged run's report files could not be written\n",
     "versus merge results/shard-1 results/shard-2 -o results/nightly"},
    {"slurm",
     "  0  the job written (and with --submit, both jobs queued)\n"
     "  2  bad command line or matrix, or too many shards: nothing was written\n"
     "  4  sbatch failed or is missing (its message quoted)\n",
     "versus slurm nightly.yaml --shards 4 --partition bench --submit"},
    {"agent",
     "  0  its input ended (the client finished or the connection dropped): servers stopped\n"
     "  2  its work directory cannot be used\n",
     "versus agent --workdir /var/tmp/versus  (versus run starts it over ssh: docs/remote.md)"},
    {"upgrade-report", "  0  printed\n",
     "versus upgrade-report results/20261201-101500 --from mariadb-10.11.18 --to mariadb-10.11.19"},
};

// --help one line per option where it fits 100 columns: "  -o,--output TEXT   description"
// with its default and choices; the transaction mix group (bench) as a list of names.
class CompactFormatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    std::string left = "  " + (is_positional ? opt->get_name() : opt->get_name(false, true));
    const std::string type = opt->get_type_name();
    if (!is_positional && !type.empty()) left += " " + type.substr(0, type.find(':'));
    std::string text = opt->get_description();
    if (auto brace = type.find('{'); brace != std::string::npos && !is_positional) {
      std::string choices = type.substr(brace, type.find('}', brace) + 1 - brace);
      for (std::size_t i = 0; (i = choices.find(',', i)) != std::string::npos; i += 2)
        choices.insert(i + 1, " ");
      text += " " + choices;
    }
    if (!opt->get_default_str().empty() && !type.empty())
      text += " [" + opt->get_default_str() + "]";
    return wrapped(left, text);
  }
  std::string make_group(std::string group, bool is_positional,
                         std::vector<const CLI::Option*> opts) const override {
    if (group.rfind("Transaction mix", 0) != 0)
      return CLI::Formatter::make_group(group, is_positional, opts);
    // The names alone (their values and ranges are the matrix keys', in `versus docs config`).
    std::string names;
    for (const CLI::Option* o : opts) names += (names.empty() ? "" : " ") + o->get_name();
    return group + ":\n" + wrapped("", names, 2);
  }

 private:
  static constexpr std::size_t kWidth = 99, kColumn = 26;
  // left padded to kColumn, then text, wrapped to kWidth with continuation at kColumn.
  static std::string wrapped(std::string left, const std::string& text,
                             std::size_t indent = kColumn) {
    std::string out;
    std::string line =
        left.size() + 2 > indent ? left + "  " : left + std::string(indent - left.size(), ' ');
    if (left.empty()) line.assign(indent, ' ');
    std::size_t start = 0;
    bool first = true;
    while (start <= text.size()) {
      std::size_t end = std::min(text.find(' ', start), text.size());
      std::string word = text.substr(start, end - start);
      if (!first && line.size() + 1 + word.size() > kWidth) {
        out += line + "\n";
        line.assign(indent, ' ');
        first = true;
      }
      line += (first ? "" : " ") + word;
      first = false;
      start = end + 1;
    }
    return out + line + "\n";
  }
};

const CommandHelp* help_for(std::string_view path) {
  for (const auto& h : kHelp)
    if (h.path == path) return &h;
  return nullptr;
}

void apply(CLI::App& cmd, VerbosityFlags& flags) {
  cmd.formatter(std::make_shared<CompactFormatter>());
  cmd.add_flag("-v,--verbose", flags.verbose,
               "Log every command, server start/stop and timing to stderr");
  cmd.add_flag("-q,--quiet", flags.quiet, "Only the results and errors");
  const std::string path = command_path(cmd);
  const CommandHelp* h = help_for(path);
  if (!h) h = help_for("");
  std::string exits(h->exits);
  if (path != "" && path != "run" && path != "plan" && path != "bench" &&
      exits.find("  2  ") == std::string::npos)
    exits += kBadInput;
  cmd.footer("Exit status:\n" + exits + "\nExample:\n  " + std::string(h->example));
  for (CLI::App* sub : cmd.get_subcommands({})) apply(*sub, flags);
}
}  // namespace

log::Verbosity VerbosityFlags::verbosity() const {
  if (verbose) return log::Verbosity::verbose;
  return quiet ? log::Verbosity::quiet : log::Verbosity::normal;
}

std::string command_path(const CLI::App& cmd) {
  std::string path;
  for (const CLI::App* c = &cmd; c->get_parent() != nullptr; c = c->get_parent())
    path = c->get_name() + (path.empty() ? "" : " " + path);
  return path;
}

void apply_conventions(CLI::App& app, VerbosityFlags& flags) {
  apply(app, flags);
}

}  // namespace versus::cli
