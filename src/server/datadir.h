#pragma once
// Datadir: creating an instance's directory tree, initializing a datadir with the
// release's own initializer, and copying a datadir snapshot.
#include <filesystem>

#include "server/instance_paths.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::server {

// Creates paths.dir (0700), its tmp dir and an empty datadir; writes my_cnf to
// paths.defaults_file (0600).
Expected<void> prepare_instance_dir(const InstancePaths& paths, const std::string& my_cnf);

// Runs the release's initializer; its output goes to <dir>/init.log.
Expected<void> initialize_datadir(const Release& release, const InstancePaths& paths, bool as_root);

// Replaces `to` with a recursive copy of `from`: reflink clones where the file system has them
// (util/tree_copy.h), else copies.
Expected<void> copy_datadir(const std::filesystem::path& from, const std::filesystem::path& to);

// Refuses any datadir that is not inside `run_dir`: versus never touches another one.
Expected<void> check_inside(const std::filesystem::path& path,
                            const std::filesystem::path& run_dir);

}  // namespace versus::server
