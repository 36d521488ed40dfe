#pragma once
// Typo suggestions for unknown keys and values ("did you mean 'threads'?").
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace versus::config {

// Optimal-string-alignment distance (Damerau-Levenshtein: insertions, deletions, substitutions
// and transpositions of adjacent characters, each costing 1). Case-sensitive.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` (compared case-insensitively) when it is close enough to be a
// likely typo: at most 2 edits and at most a third of the longer word's length, rounded up.
// Ties go to the earlier candidate. nullopt when nothing is close.
std::optional<std::string> did_you_mean(std::string_view word,
                                        const std::vector<std::string_view>& candidates);

}  // namespace versus::config
