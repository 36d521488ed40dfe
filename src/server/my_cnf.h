#pragma once
// my.cnf rendering: a base that pins every path of the instance inside its own directory,
// then the profile's fragments, then the profile's options. Pure: no file access.
#include <string>
#include <utility>
#include <vector>

#include "server/instance_paths.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::server {

struct CnfFragment {
  std::string source;  // shown in errors and in the rendered file, e.g. "profiles/ps-on.cnf"
  std::string text;
};

struct MyCnfInput {
  Release release;
  InstancePaths paths;
  bool as_root = false;  // adds user=root, without which mysqld_safe switches to user mysql
  std::string title;     // e.g. "mariadb-10.11.19 / ps-on"
  std::vector<CnfFragment> fragments;
  std::vector<std::pair<std::string, std::string>> options;  // [mysqld] name=value
  // The server's own settings (matrix servers[].files/options), rendered after the profile's.
  std::vector<CnfFragment> server_fragments{};
  std::vector<std::pair<std::string, std::string>> server_options{};
  std::string bind_address{"127.0.0.1"};  // another host's own address for a remote server
  // equalize groups (server/equalize.h): their lines for this release, after the base and
  // before the profile's files and options (which win).
  std::vector<std::string> equalize{};
};

// Fails, naming source and line, when a fragment or option would override a base
// setting (datadir, port, socket, ...), include another file, or inject a line.
Expected<std::string> render_my_cnf(const MyCnfInput& input);

// Quotes an option value for a MySQL option file when it needs it (spaces, '#', quotes,
// backslashes); plain values are returned as they are.
std::string quote_option_value(const std::string& value);

// "innodb_buffer_pool_size" and "innodb-buffer-pool-size" name the same option; also
// strips the loose- prefix. Lower case.
std::string normalize_option_name(std::string name);

}  // namespace versus::server
