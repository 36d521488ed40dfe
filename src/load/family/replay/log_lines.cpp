#include "load/family/replay/log_lines.h"

namespace versus::load::replay {

const std::string* LogLines::peek() {
  if (!has_ahead_ && !ended_) {
    if (std::getline(in_, ahead_))
      has_ahead_ = true;
    else
      ended_ = true;
  }
  return has_ahead_ ? &ahead_ : nullptr;
}

Expected<bool> LogLines::next(std::string& line) {
  if (!peek()) {
    if (in_.bad()) return fail(file_ + ": reading failed after line " + std::to_string(number_));
    return false;
  }
  line = std::move(ahead_);
  has_ahead_ = false;
  ++number_;
  return true;
}

std::string LogLines::where(std::string_view what) const {
  return file_ + ":" + std::to_string(number_) + ": " + std::string(what);
}

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const auto a = static_cast<unsigned char>(s[i]), b = static_cast<unsigned char>(prefix[i]);
    if ((a >= 'A' && a <= 'Z' ? a + 32 : a) != (b >= 'A' && b <= 'Z' ? b + 32 : b)) return false;
  }
  return true;
}

bool is_log_banner(std::string_view line) {
  if (line.starts_with("Tcp port: ")) return true;
  if (line.starts_with("Time") && line.find("Id Command") != std::string_view::npos) return true;
  const bool version = line.find(", Version: ") != std::string_view::npos;
  return version && (line.ends_with("started with:") || line.ends_with("embedded library"));
}

}  // namespace versus::load::replay
