// read_fields: the keys of one level of a matrix read as the option table says, each with its
// line and whether it was given; the table's defaults for the keys not given; a command-line
// value in place of the file's, its problems in its own collector; take<T>.
#include "config/reading/conversion.h"

#include <catch2/catch.hpp>
#include <string>

using namespace versus::config;

namespace {

// A level's map read from YAML text, with the problems it reported.
struct LevelRead {
  Problems problems{"m.yaml"};
  ReadContext ctx{problems, "/tmp"};
  Fields fields;

  LevelRead(const std::string& yaml, Level level, const std::string& path,
            const CommandLine* command_line = nullptr) {
    ctx.command_line = command_line;
    fields = read_fields(YAML::Load(yaml), level, path, ctx);
  }
  std::string reported() const { return problems.empty() ? "" : problems.error().message; }
};

}  // namespace

TEST_CASE("conversion: mark_line is 1-based, 0 for a node without a mark", "[config][conversion]") {
  const YAML::Node doc = YAML::Load("a: 1\nb:\n  - x\n");
  CHECK(mark_line(doc["a"]) == 1);
  CHECK(mark_line(doc["b"][0]) == 3);
  CHECK(mark_line(YAML::Node("built")) == 0);
}

TEST_CASE("conversion: given keys with their lines, the others defaulted", "[config][conversion]") {
  LevelRead read("name: p\noptions:\n  b: 2\n  a: x\n", Level::profile, "profiles[0]");
  CHECK(read.reported().empty());
  REQUIRE(read.fields.count(Key::profile_name));
  CHECK(read.fields.at(Key::profile_name).given);
  CHECK(read.fields.at(Key::profile_name).line == 1);
  CHECK(read.fields.at(Key::profile_options).line == 3);
  CHECK(std::get<OptionList>(read.fields.at(Key::profile_options).value) ==
        OptionList{{"b", "2"}, {"a", "x"}});  // file order, values as written
  REQUIRE(read.fields.count(Key::profile_files));
  CHECK_FALSE(read.fields.at(Key::profile_files).given);  // the table's default, []
  CHECK(read.fields.at(Key::profile_files).line == 0);
  CHECK(std::get<std::vector<std::filesystem::path>>(read.fields.at(Key::profile_files).value)
            .empty());
  CHECK_FALSE(read.fields.count(Key::profile_equalize));  // no default: absent
}

TEST_CASE("conversion: take moves a field's value out as its type", "[config][conversion]") {
  LevelRead read("{threads: 4, table_size: 500}", Level::exclude, "exclude[0]");
  CHECK(take<std::int64_t>(read.fields, Key::exclude_threads) == 4);
  CHECK(take<std::int64_t>(read.fields, Key::exclude_table_size) == 500);
  CHECK_FALSE(take<std::string>(read.fields, Key::exclude_server));  // optional, not given
  CHECK(read.fields.size() == 2);                                    // the axes have no defaults
}

TEST_CASE("conversion: a null value points at its key's line", "[config][conversion]") {
  LevelRead read("name: p\nfiles:\noptions: {}\n", Level::profile, "profiles[0]");
  CHECK(read.reported() ==
        "m.yaml:2: profiles[0].files: expected a list of paths of existing regular files, got "
        "null");
}

TEST_CASE("conversion: an invalid value is reported and left out, the others kept",
          "[config][conversion]") {
  LevelRead read("{server: a, threads: 0, engine: InnoDB}", Level::exclude, "exclude[1]");
  CHECK(read.reported() == "m.yaml:1: exclude[1].threads: expected an integer 1..10000, got '0'");
  CHECK_FALSE(read.fields.count(Key::exclude_threads));
  CHECK(std::get<std::string>(read.fields.at(Key::exclude_server).value) == "a");
  CHECK(std::get<std::string>(read.fields.at(Key::exclude_engine).value) == "innodb");
}

TEST_CASE("conversion: unknown, duplicate and missing keys of a level", "[config][conversion]") {
  LevelRead read("optons: {}\nfiles: []\nfiles: []\n", Level::profile, "profiles[2]");
  CHECK(read.reported() ==
        "m.yaml:1: profiles[2]: unknown key 'optons' (did you mean 'options'?)\n"
        "m.yaml:1: profiles[2]: missing required key 'name'\n"
        "m.yaml:3: profiles[2]: duplicate key 'files' (first at line 2)");
  LevelRead server("{name: a}", Level::server, "servers[0]");
  CHECK(server.reported() ==
        "m.yaml:1: servers[0]: missing required key 'basedir' (in the file or with --server "
        "NAME=BASEDIR)");
}

TEST_CASE("conversion: a command-line value replaces the file's, its problems its own",
          "[config][conversion]") {
  Problems set_tables("--set tables"), set_warmup("--set warmup");
  CommandLine line;
  line.top.emplace(Key::tables, CommandLineValue{YAML::Load("8"), &set_tables});
  line.top.emplace(Key::warmup, CommandLineValue{YAML::Load("soon"), &set_warmup});
  LevelRead read("servers: [{name: a, basedir: /}]\ntables: 2\n", Level::top, "", &line);
  CHECK(read.reported().empty());
  const Field& tables = read.fields.at(Key::tables);
  CHECK(std::get<std::int64_t>(tables.value) == 8);
  CHECK(tables.given);
  CHECK(tables.line == 0);  // no line of the file to point at
  CHECK(set_tables.empty());
  CHECK_FALSE(read.fields.count(Key::warmup));  // the default is not used in its place
  CHECK(set_warmup.error().message ==
        "--set warmup: expected a duration 0s..168h (like 500ms, 5s, 2m, 1h, or integer seconds) "
        "or steady, got 'soon'");
}

TEST_CASE("conversion: --server replaces the basedir of the server it names",
          "[config][conversion]") {
  Problems origin("--server b");
  CommandLine line;
  line.basedirs.emplace("b", CommandLineValue{YAML::Node("/"), &origin});
  LevelRead a("{name: a, basedir: /tmp}", Level::server, "servers[0]", &line);
  LevelRead b("{name: b}", Level::server, "servers[1]", &line);
  CHECK(a.reported().empty());
  CHECK(b.reported().empty());  // the required basedir came from the command line
  CHECK(std::get<std::filesystem::path>(a.fields.at(Key::server_basedir).value) == "/tmp");
  CHECK(std::get<std::filesystem::path>(b.fields.at(Key::server_basedir).value) == "/");
  CHECK(b.fields.at(Key::server_basedir).given);
}

TEST_CASE("conversion: lists take one scalar, items are named by index", "[config][conversion]") {
  LevelRead read(
      "servers: [{name: a, basedir: /}]\nthreads: 4\nengines: [innodb, MyISAM]\n"
      "ignore_errors: [1213, 7, 1213]\n",
      Level::top, "");
  CHECK(std::get<std::vector<std::int64_t>>(read.fields.at(Key::threads).value) ==
        std::vector<std::int64_t>{4});
  CHECK(std::get<std::vector<std::string>>(read.fields.at(Key::engines).value) ==
        std::vector<std::string>{"innodb", "myisam"});
  CHECK(read.reported() ==
        "m.yaml:4: ignore_errors[2]: duplicate value '1213' (same as ignore_errors[0])");
  CHECK_FALSE(read.fields.count(Key::ignore_errors));
}

TEST_CASE("conversion: entries of servers[] become ServerSpecs with their lines",
          "[config][conversion]") {
  LevelRead read(
      "servers:\n  - name: a\n    basedir: /\n    cpu_quota: 50%\n"
      "    options: {x: 1}\n",
      Level::top, "");
  CHECK(read.reported().empty());
  const auto& servers = std::get<std::vector<ServerSpec>>(read.fields.at(Key::servers).value);
  REQUIRE(servers.size() == 1);
  CHECK(servers[0].name == "a");
  CHECK(servers[0].basedir == "/");
  CHECK(servers[0].line == 3);  // its basedir's
  CHECK(servers[0].cpu_quota_pct == 50);
  CHECK(servers[0].options == OptionList{{"x", "1"}});
}
