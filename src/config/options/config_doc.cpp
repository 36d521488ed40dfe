#include "config/options/config_doc.h"

#include <fmt/format.h>

#include <string_view>

#include "config/options/duration.h"
#include "config/options/option_table.h"

namespace versus::config {
namespace {

constexpr std::string_view kIntro = R"(# Matrix file reference

<!-- Generated from src/config/options/option_table.cpp by `versus docs config > docs/config.md`.
     Do not edit by hand: change the table and regenerate. -->

A matrix file is a YAML map that names the server releases to compare and the grid of runs.
Every server runs with every profile, engine, workload and thread count, `repeats` times;
each such run is one *cell*. Only `servers` is required.

```yaml
servers:
  - { name: mariadb-10.11.18, basedir: releases/mariadb-10.11.18/usr }
  - { name: mariadb-10.11.19, basedir: releases/mariadb-10.11.19/usr }
profiles:
  - { name: ps-off, files: [profiles/perf-schema-off.cnf] }
  - { name: ps-on,  files: [profiles/perf-schema-on.cnf], options: { innodb_buffer_pool_size: 256M } }
engines: [innodb]
workloads: [oltp_read_write, oltp_point_select]
threads: [1, 4, 16]
warmup: 5s
duration: 20s
repeats: 3
```
)";

constexpr std::string_view kSyntax = R"(
## Value syntax

**Durations** are an integer followed by a unit: `500ms`, `5s`, `2m`, `1h`; a bare integer means
seconds (`30` is `30s`). No fractions, signs or spaces; one unit only.

**Integers** are plain decimal: `1.5`, `0x10`, `1e3` and `"four"` are errors.

**Lists**: where a list is expected, a single value is a one-item list (`threads: 4` means
`threads: [4]`). Lists of engines, workloads and thread counts must not be empty or repeat a value.
Engine and workload names are case-insensitive and stored lower case.

**Names** of servers and profiles appear in file names and reports: 1 to {max_name} characters from
`A-Z a-z 0-9 . _ -`, starting with a letter or digit, unique within their list.

**Paths** (`basedir`, `files`) may be absolute or relative. Relative paths resolve against the
**current working directory** of `versus`, not against the directory of the matrix file. They are
stored absolute and lexically normalized (`a/./b/../c/` becomes `a/c`). Spaces and shell
metacharacters (`$`, `` ` ``, `;`, quotes) are kept exactly as written; `~` and `$VAR` are not
expanded. A path must exist when the file is read (`basedir` a directory, `files` regular files);
whether `basedir` really holds a server is checked when the server is started.

**my.cnf options** (`profiles[].options`) are written to the server's `[mysqld]` section as
`name=value`, in file order, after the profile's `files`. Names use `A-Z a-z 0-9 _ -`; values
are any scalar (`256M`, `ON`, `0`, `"a b"`) but must not contain a newline, carriage return or
NUL, which would start another my.cnf line. For a flag, give an explicit value (`skip_name_resolve: ON`).

**Run length**: `duration` ends each measured interval after that time; `max_requests` after
that many transactions. With neither, cells last {duration_default}. With only `max_requests` (above 0), there is
no time limit. With both, whichever is reached first ends the cell.

**Table sizes**: `table_size: [500000, 1000000]` sweeps sizes. Each (server, profile, engine,
size) is loaded once into its own instance and snapshotted; every cell of that size starts from a
copy of the snapshot (a reflink clone where the file system has them, as on XFS or Btrfs, so
restoring millions of rows takes milliseconds; a plain copy elsewhere). Results record `tables`
and `table_size`; a run with several sizes also gets tables with the sizes as rows.

**Per-server settings**: `servers[].files` and `servers[].options` belong to one release and
apply under every profile, after the profile's (seed 004's MySQL 5.1 with a utf8 character set).

**Leaving out combinations and per-cell run lengths** (seed 004: MyISAM cells stop at 100,000
transactions, InnoDB cells at 20,000, with no time limit; the Aria cells of server `b` are not
run):

```yaml
servers:
  - {{ name: a, basedir: /opt/mysql-5.1 }}
  - {{ name: b, basedir: /opt/mysql-5.5, options: {{ character_set_server: utf8 }} }}
engines: [innodb, myisam, aria]
threads: [100, 200, 400]
exclude:
  - {{ server: b, engine: aria }}
include:
  - {{ engine: myisam, max_requests: 100000 }}
  - {{ engine: innodb, max_requests: 20000 }}
```

`exclude` follows GitHub Actions' matrix `exclude`: a cell matching every axis an entry names
(`server`, `profile`, `engine`, `workload`, `threads`, `table_size`) is dropped; an entry
naming a value the matrix lacks matches no cell and is an error. An `include` entry names axes
the same way plus any of `duration`, `max_requests` and `warmup`, which replace the top-level
values for the cells it matches; `max_requests` set without any `duration` (neither in the
entry nor at the top level) ends the cell by request count alone. Two entries setting one key
to different values for one cell are an error naming both lines. Each result records its run
length.

**Transport**: cells connect over the instance's Unix socket (`transport: socket`, the default,
as the sysbench posts did) or over TCP to 127.0.0.1 (`transport: tcp`); each result records it.

**Lifecycle**: with `lifecycle: cell` (the default) each (server, profile, engine, table size)
is loaded once into its own datadir and every cell starts a server on a fresh copy of it, in
the interleaved order: every cell starts from the same state, and drift spreads over every
column. `lifecycle: server` is the posts' way: one datadir and one server per (server,
profile), started once; each (engine, table size) is loaded into it, its cells run back to
back, then its tables are dropped (`sysbench prepare / run / cleanup` against a server
started once). It spends far less time between cells (bench/sweep_vs_script.sh), but a
server's cells run one after the other, so drift lands between columns and a cell starts
where the previous one left the tables; `repeats: auto` needs `lifecycle: cell`. With the
shared tablespace (`innodb_file_per_table` off) only the first instance of a server gets a
file size (later loads reuse the dropped tables' pages). `lifecycle: round` is between the
two, for tests whose order matters (the microbenchmark suite, docs/microbenchmarks.md): each
instance is prepared once as under `cell`; in each round every instance's server starts once
on a fresh copy of it and runs that round's cells of the instance back to back in plan order,
each seeing what the ones before it left; the next round starts again from the copy. The
instances take turns within a round, the first rotating with the round, so the rounds
interleave the columns and pair (`estimate: paired`); `repeats: auto` needs `lifecycle: cell`
(a round must run all its cells) and a run sharded with `--shard` keeps each (engine, table
size) whole. A resumed run runs a round's recorded cells before its first missing one again,
unmeasured, so that cell sees what they left.

**The command line**: `versus run FILE --server NAME=BASEDIR` sets (or replaces) the basedir of
server `NAME`, so a file may list servers without `basedir`; `--set KEY=VALUE` replaces any
top-level key, VALUE read as YAML (`--set duration=10s`, `--set table_size=[1000,2000]`). Both
work on `versus plan` too; their errors name the option (`--set duration: expected ...`). A run
directory keeps them in `matrix.overrides`, which `--resume` applies again.

## Errors

Every problem in the file is reported, one per line, not just the first:

```text
matrix.yaml:7: threads[2]: expected an integer 1..10000, got 'abc'
matrix.yaml:3: servers[1].basedir: expected the path of an existing directory, got 'releases/x' (/home/me/releases/x: does not exist)
matrix.yaml:12: unknown key 'thread' (did you mean 'threads'?)
matrix.yaml:14: duplicate key 'warmup' (first at line 9)
```

YAML syntax errors carry a column (`matrix.yaml:4:9: YAML syntax error: ...`). Tabs may not be
used for indentation. Unknown keys, duplicate keys, a file with several YAML documents and a
top level that is not a map are all errors.
)";

// Markdown table cells: escape what would end the cell or start emphasis.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|' || c == '_' || c == '*') out += '\\';
    out += c;
  }
  return out;
}

constexpr Level kLevels[] = {Level::top,     Level::server,  Level::profile,       Level::exclude,
                             Level::include, Level::host,    Level::workload_entry};

std::string code(std::string_view text) {
  return "`" + std::string(text) + "`";
}

std::string doc_default(const OptionSpec& spec) {
  if (spec.required) return "required";
  if (spec.default_yaml.empty()) return cell(spec.default_note);  // absent: see the note
  std::string text = code(spec.default_yaml);
  if (!spec.default_note.empty()) text += "; " + cell(spec.default_note);
  return text;
}

std::string man_section(Level level) {
  std::string out = fmt::format(".SS {}\n", level_title(level));
  for (const OptionSpec* spec : options_at(level)) {
    out += fmt::format(".TP\n.B {}\n({}, {}) ", roff_escape(spec->name), kind_name(spec->kind),
                       spec->required ? "required" : "default " + roff_escape(default_text(*spec)));
    std::string text(spec->help);
    if (spec->kind != Kind::server_list && spec->kind != Kind::profile_list &&
        allowed_text(*spec).rfind("see ", 0) != 0)
      text += " Allowed: " + allowed_text(*spec) + ".";
    out += roff_escape(text) + "\n";
  }
  return out;
}

}  // namespace

std::string option_level_table(Level level) {
  std::string out =
      fmt::format("\n## {}\n\n", level == Level::top ? "Top level"
                     : level == Level::workload_file ? "The file's top level"
                                                      : code(level_title(level)));
  out += "| key | type | default | allowed | description |\n";
  out += "|---|---|---|---|---|\n";
  for (const OptionSpec* spec : options_at(level))
    out += fmt::format("| {} | {} | {} | {} | {} |\n", code(spec->name), kind_name(spec->kind),
                       doc_default(*spec), cell(allowed_text(*spec)), cell(spec->help));
  return out;
}

std::string render_config_doc() {
  std::string out(kIntro);
  for (Level level : kLevels) out += option_level_table(level);
  out += fmt::format(fmt::runtime(kSyntax), fmt::arg("max_name", kMaxNameLength),
                     fmt::arg("duration_default", option(Key::duration).default_yaml));
  return out;
}

// Text as roff (man(7)): backslashes and hyphens escaped, no line starting with '.' or '\''.
std::string roff_escape(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
    line_start = c == '\n';
  }
  return out;
}

std::string render_config_man() {
  std::string out =
      ".SH MATRIX FILE\n"
      "A matrix file is a YAML map naming the server releases to compare and the grid of runs "
      "(`versus docs config` prints the full reference, with the value syntax).\n";
  for (Level level : kLevels) out += man_section(level);
  out +=
      ".PP\nDurations: 500ms, 5s, 2m, 1h, or integer seconds. A single value may stand for a "
      "one\\-item list. Relative paths resolve against the current working directory.\n";
  out +=
      ".SH WORKLOAD FILE\n"
      "A workload file (a matrix's workloads entry {file: PATH}, or versus bench run "
      "\\-\\-workload\\-file) is a YAML map of your own SQL: tables and transactions "
      "(`versus docs workload` prints the full reference).\n";
  for (Level level : {Level::workload_file, Level::workload_table, Level::workload_generator,
                      Level::workload_transaction, Level::workload_statement})
    out += man_section(level);
  return out;
}

}  // namespace versus::config
