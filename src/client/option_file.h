#pragma once
// Option files: the password for a client comes from a MySQL-style option file
// ([client] password=...), never from argv. The file must be private to its owner.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "util/expected.h"

namespace versus::client {

// The value of `password` in the [client] section of option-file text, unquoted
// ('x' or "x"); nullopt when there is none. A later line wins, as in MySQL. Pure.
std::optional<std::string> parse_client_password(std::string_view text);

// Reads `path`; fails when it cannot be read, when group or others may read or write it
// (it must be 0600 or stricter), or when it holds no [client] password.
Expected<std::string> read_client_password(const std::filesystem::path& path);

// The password of an account on a server versus did not start (`versus bench`): the
// [client] password of `defaults_file` when one is given (read_client_password), else
// $VERSUS_PASSWORD, else empty.
Expected<std::string> resolve_password(const std::filesystem::path& defaults_file);

}  // namespace versus::client
