#include "config/reading/problems.h"

#include <fmt/format.h>

#include <algorithm>

#include "config/reading/did_you_mean.h"

namespace versus::config {
namespace {

constexpr std::size_t kMaxProblems = 50;  // beyond this, more lines bury the first ones
constexpr std::size_t kMaxQuoted = 60;    // longest value echoed verbatim in a message

}  // namespace

void Problems::add(int line, const std::string& path, const std::string& message) {
  std::string text = source_;
  if (line > 0) text += ":" + std::to_string(line);
  text += ": ";
  if (!path.empty()) text += path + ": ";
  lines_.push_back({line, text + message});
}

void Problems::add_at(const YAML::Mark& mark, const std::string& message) {
  if (mark.is_null()) return add(0, "", message);
  lines_.push_back({mark.line + 1,
                    fmt::format("{}:{}:{}: {}", source_, mark.line + 1, mark.column + 1, message)});
}

void Problems::absorb(const Problems& other) {
  lines_.insert(lines_.end(), other.lines_.begin(), other.lines_.end());
}

Error Problems::error() const {
  auto sorted = lines_;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string text;
  for (std::size_t i = 0; i < sorted.size() && i < kMaxProblems; ++i)
    text += (i ? "\n" : "") + sorted[i].second;
  if (sorted.size() > kMaxProblems)
    text += fmt::format("\n{}: ... and {} more problems", source_, sorted.size() - kMaxProblems);
  return Error{text};
}

std::string quote(std::string_view text) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == kMaxQuoted) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out += text[i];
  }
  return out + "'";
}

std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null:
      return "null";
    case YAML::NodeType::Scalar:
      return quote(node.Scalar());
    case YAML::NodeType::Sequence:
      return node.size() == 0 ? "an empty list" : "a list";
    case YAML::NodeType::Map:
      return node.size() == 0 ? "an empty map" : "a map";
    case YAML::NodeType::Undefined:
      break;
  }
  return "nothing";
}

std::string suggestion(std::string_view word, const std::vector<std::string_view>& candidates) {
  auto best = did_you_mean(word, candidates);
  return best ? " (did you mean " + quote(*best) + "?)" : "";
}

}  // namespace versus::config
