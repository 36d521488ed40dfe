#include "config/reading/yaml_document.h"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "config/options/option_table.h"
#include "config/reading/conversion.h"

namespace versus::config {
namespace {

// ---------------------------------------------------------------------------------------------
// Text to documents.

// YAML forbids tabs in indentation, and yaml-cpp's message for them is cryptic.
void report_tabs(std::string_view text, Problems& problems) {
  int line = 1;
  for (std::size_t start = 0; start <= text.size(); ++line) {
    std::size_t end = text.find('\n', start);
    if (end == text.npos) end = text.size();
    const std::string_view row = text.substr(start, end - start);
    const std::size_t indent = row.find_first_not_of(" \t\r");
    if (indent != row.npos && row[indent] != '#' && row.substr(0, indent).find('\t') != row.npos)
      problems.add(line, "", "tab character in indentation (YAML needs spaces)");
    start = end + 1;
  }
}

// Records where each document starts; the other events do not matter here.
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> marks;

  void OnDocumentStart(const YAML::Mark& mark) override { marks.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// Whether a line starting in text[from, to] is a document marker ("---" or "...").
bool has_document_marker(std::string_view text, int from, int to) {
  const std::size_t end =
      std::min<std::size_t>(text.size(), static_cast<std::size_t>(std::max(to, 0)) + 1);
  for (std::size_t i = static_cast<std::size_t>(std::max(from, 0)); i < end; ++i) {
    if (i > 0 && text[i - 1] != '\n') continue;
    const std::string_view rest = text.substr(i);
    if ((rest.substr(0, 3) == "---" || rest.substr(0, 3) == "...") &&
        (rest.size() == 3 || std::string_view(" \t\r\n").find(rest[3]) != rest.npos))
      return true;
  }
  return false;
}

// The start marks of the first two documents. yaml-cpp 0.7's LoadAll() loops forever on a token
// no rule consumes (input "," : jbeder/yaml-cpp#1319), so the parser is driven here instead; a
// "second document" without a marker before it is that stray token, reported as a syntax error.
std::optional<std::vector<YAML::Mark>> document_starts(std::string_view text, Problems& problems) {
  std::istringstream in{std::string(text)};
  YAML::Parser parser(in);
  DocumentStarts starts;
  while (starts.marks.size() < 2 && parser.HandleNextDocument(starts)) {
  }
  if (starts.marks.size() < 2) return starts.marks;
  const YAML::Mark& second = starts.marks[1];
  if (has_document_marker(text, starts.marks[0].pos, second.pos)) return starts.marks;
  const auto at = static_cast<std::size_t>(std::max(second.pos, 0));
  problems.add_at(second, "YAML syntax error: unexpected " +
                              (at < text.size() ? quote(text.substr(at, 1)) : "end of input"));
  return std::nullopt;
}

// The first document; reports a YAML syntax error.
std::optional<YAML::Node> load_document(std::string_view text, Problems& problems) {
  try {
    return YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    problems.add_at(e.mark, "YAML syntax error: " + e.msg);
  }
  return std::nullopt;
}

// The root map of the file's single document; reports anything else.
std::optional<YAML::Node> root_map(std::string_view text, ReadContext& ctx, Level level) {
  std::string required;
  for (const OptionSpec* spec : options_at(level))
    if (spec->required) required += (required.empty() ? "" : ", ") + quote(spec->name);
  const std::string expected = std::string("a map of ") +
                               (level == Level::top ? "matrix" : "workload file") +
                               " keys (at least " + required + ")";
  std::optional<std::vector<YAML::Mark>> starts;
  try {
    starts = document_starts(text, ctx.problems);
  } catch (const YAML::Exception& e) {
    ctx.problems.add_at(e.mark, "YAML syntax error: " + e.msg);
  }
  if (!starts) return std::nullopt;
  if (starts->size() > 1) {
    report(ctx, {"", starts->at(1).line + 1}, "a single YAML document", "a second one");
    return std::nullopt;
  }
  auto root = load_document(text, ctx.problems);
  if (!root) return std::nullopt;
  if (starts->empty() || root->IsNull())
    report(ctx, {"", 1}, expected, "an empty file");
  else if (!root->IsMap())
    report(ctx, {"", ctx.line(*root)}, expected, describe(*root));
  else
    return root;
  return std::nullopt;
}

}  // namespace

std::optional<YAML::Node> read_root_map(std::string_view text, Problems& problems, Level level) {
  report_tabs(text, problems);
  if (!problems.empty()) return std::nullopt;
  ReadContext ctx{problems, {}};
  return root_map(text, ctx, level);
}

}  // namespace versus::config
