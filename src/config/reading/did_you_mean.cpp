#include "config/reading/did_you_mean.h"

#include <algorithm>

#include "config/reading/scalar_conversion.h"

namespace versus::config {
namespace {

// Whether `distance` edits between words of these lengths still look like a typo.
bool close_enough(std::size_t distance, std::size_t len_a, std::size_t len_b) {
  const std::size_t longer = std::max(len_a, len_b);
  return distance <= std::min<std::size_t>(2, (longer + 2) / 3);
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Full (|a|+1) x (|b|+1) table: keys and values are short, and the transposition rule needs
  // the row before the previous one.
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1, 0));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

std::optional<std::string> did_you_mean(std::string_view word,
                                        const std::vector<std::string_view>& candidates) {
  const std::string w = lower(word);
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (std::string_view candidate : candidates) {
    const std::size_t distance = edit_distance(w, lower(candidate));
    if (!close_enough(distance, w.size(), candidate.size())) continue;
    if (!best || distance < best_distance) {
      best = std::string(candidate);
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace versus::config
