#pragma once
// A release's version facts for tests of per-flavour, per-version rules.
#include "server/release.h"

namespace versus::testing {

inline server::VersionInfo version_info(server::Flavour f, int major, int minor, int patch) {
  return server::VersionInfo{f, {major, minor, patch}, ""};
}

}  // namespace versus::testing
