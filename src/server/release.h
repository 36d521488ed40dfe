#pragma once
// Release: which server a basedir holds (flavour, version) and where its programs are.
// Detection runs `<server> --no-defaults --version`; parsing that line is a pure function.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "util/expected.h"

namespace versus::server {

enum class Flavour { mysql, percona, mariadb };
std::string_view flavour_name(Flavour f);

struct Version {
  int major = 0, minor = 0, patch = 0;
  auto operator<=>(const Version&) const = default;
};

struct VersionInfo {
  Flavour flavour = Flavour::mysql;
  Version version;
  std::string text;  // the version as the server prints it, e.g. "10.11.19-MariaDB-0+deb12u1"
};

// Parses one line of `mysqld --version` output, e.g.
// "mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))".
std::optional<VersionInfo> parse_version_output(std::string_view output);

struct Release {
  std::filesystem::path basedir;
  std::filesystem::path server_binary;  // mariadbd or mysqld
  std::filesystem::path mysqld_safe;
  VersionInfo info;
  std::filesystem::path messages_dir;  // holds english/errmsg.sys; empty when not found
  std::filesystem::path plugin_dir;    // empty when not found
};

// The server binary under basedir: sbin/ or bin/ or libexec/, mariadbd or mysqld.
std::optional<std::filesystem::path> find_server_binary(const std::filesystem::path& basedir);

// Empty, unless basedir is the usr/ of a tree scripts/fetch-releases.sh patched onto its own
// libraries, and loader when it brings one (its parent holds .versus-release), for another
// path than where it is now: then why its executables cannot start, and what re-patches them.
std::string moved_tree_problem(const std::filesystem::path& basedir);

// Finds the programs and asks the server binary for its version.
Expected<Release> detect_release(const std::filesystem::path& basedir);

}  // namespace versus::server
