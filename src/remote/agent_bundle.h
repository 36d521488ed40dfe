#pragma once
// AgentBundle: what `versus agent` needs on another host, gathered here: this very binary, every
// shared library ldd says it loads, the dynamic loader, and the client library's plugins. On the
// host it runs as `ld.so --library-path lib versus agent ...`, so the host's own glibc and
// libraries do not matter (docs/remote.md). Keyed by its content: a host that has the key's
// directory already is not sent it again.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace versus::remote {

struct AgentBundle {
  std::filesystem::path dir;  // holds versus, ld.so, lib/ (and lib/plugin/)
  std::string key;            // content_key of dir
};

// Gathers the bundle of the running binary (/proc/self/exe) into `under`/agent-bundle.
Expected<AgentBundle> make_agent_bundle(const std::filesystem::path& under);

struct LddOutput {
  std::vector<std::filesystem::path> libraries;  // "name => /path (0x...)"
  std::filesystem::path loader;                  // "/lib64/ld-linux-x86-64.so.2 (0x...)"
  std::vector<std::string> missing;              // "name => not found"
};
// ldd's output read. Pure.
LddOutput parse_ldd(std::string_view text);

}  // namespace versus::remote
