#include "config/config_doc.h"

#include <fmt/format.h>

#include <string_view>

#include "config/duration.h"
#include "config/option_table.h"

namespace versus::config {
namespace {

constexpr std::string_view kIntro = R"(# Matrix file reference

<!-- Generated from src/config/option_table.cpp by `versus docs config > docs/config.md`.
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

std::string code(std::string_view text) {
  return "`" + std::string(text) + "`";
}

std::string doc_default(const OptionSpec& spec) {
  if (spec.required) return "required";
  std::string text = code(spec.default_yaml);
  if (!spec.default_note.empty()) text += "; " + cell(spec.default_note);
  return text;
}

std::string doc_section(Level level) {
  std::string out =
      fmt::format("\n## {}\n\n", level == Level::top ? "Top level" : code(level_title(level)));
  out += "| key | type | default | allowed | description |\n";
  out += "|---|---|---|---|---|\n";
  for (const OptionSpec* spec : options_at(level))
    out += fmt::format("| {} | {} | {} | {} | {} |\n", code(spec->name), kind_name(spec->kind),
                       doc_default(*spec), cell(allowed_text(*spec)), cell(spec->help));
  return out;
}

std::string man_section(Level level) {
  std::string out = fmt::format(".SS {}\n", level_title(level));
  for (const OptionSpec* spec : options_at(level)) {
    out += fmt::format(".TP\n.B {}\n({}, {}) ", roff_escape(spec->name), kind_name(spec->kind),
                       spec->required ? "required" : "default " + roff_escape(default_text(*spec)));
    std::string text(spec->help);
    if (spec->kind != Kind::server_list && spec->kind != Kind::profile_list)
      text += " Allowed: " + allowed_text(*spec) + ".";
    out += roff_escape(text) + "\n";
  }
  return out;
}

}  // namespace

std::string render_config_doc() {
  std::string out(kIntro);
  for (Level level : {Level::top, Level::server, Level::profile}) out += doc_section(level);
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
  for (Level level : {Level::top, Level::server, Level::profile}) out += man_section(level);
  out +=
      ".PP\nDurations: 500ms, 5s, 2m, 1h, or integer seconds. A single value may stand for a "
      "one\\-item list. Relative paths resolve against the current working directory.\n";
  return out;
}

}  // namespace versus::config
