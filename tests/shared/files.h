#pragma once
// File helpers both test programs use (unit and integration): the matrix files of a
// directory and a file's whole text. Linked into both as versus_test_shared.
#include <filesystem>
#include <string>
#include <vector>

namespace versus::testing {

// The regular *.yaml files directly in `dir`, sorted by path.
std::vector<std::filesystem::path> yaml_files(const std::filesystem::path& dir);

// The whole text of `file`; throws std::runtime_error naming the file when it cannot be read
// (Catch reports it as the test's failure).
std::string text_of(const std::filesystem::path& file);

}  // namespace versus::testing
