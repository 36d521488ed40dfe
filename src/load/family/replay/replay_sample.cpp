#include "load/family/replay/replay_sample.h"

#include "load/family/replay/log_lines.h"

namespace versus::load::replay {
namespace {

// splitmix64's finalizer: a well-mixed 64-bit value of `x`.
std::uint64_t sample_mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::string_view sample_trimmed(std::string_view s) {
  const std::size_t from = s.find_first_not_of(" \t\r\n(");
  return from == std::string_view::npos ? std::string_view() : s.substr(from);
}

// Whether `s` is `word` alone or `word` then a non-word character.
bool sample_word(std::string_view s, std::string_view word) {
  if (!starts_with_nocase(s, word)) return false;
  if (s.size() == word.size()) return true;
  const char c = s[word.size()];
  return !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
}

}  // namespace

bool starts_transaction(std::string_view statement) {
  const std::string_view s = sample_trimmed(statement);
  if (sample_word(s, "begin")) return true;
  return sample_word(s, "start") && sample_word(sample_trimmed(s.substr(5)), "transaction");
}

bool ends_transaction(std::string_view statement) {
  const std::string_view s = sample_trimmed(statement);
  if (sample_word(s, "commit")) return true;
  if (!sample_word(s, "rollback")) return false;
  std::string_view rest = sample_trimmed(s.substr(8));
  if (sample_word(rest, "work")) rest = sample_trimmed(rest.substr(4));
  return !sample_word(rest, "to");
}

bool ReplaySample::chosen(std::uint64_t unit) const {
  if (one_in_ <= 1) return true;
  return sample_mix(seed_ ^ sample_mix(unit)) % one_in_ == 0;
}

bool ReplaySample::keep(const LoggedQuery& q) {
  if (q.connection != 0) return chosen(q.connection);
  if (!in_transaction_) unit_kept_ = chosen(++unit_);
  if (starts_transaction(q.text)) in_transaction_ = true;
  if (ends_transaction(q.text)) in_transaction_ = false;
  return unit_kept_;
}

}  // namespace versus::load::replay
