#include "results/record/record_json.h"

#include <exception>
#include <vector>

#include "results/record/record_fields.h"

namespace versus::results {

namespace {

using Json = nlohmann::ordered_json;

// The part of an exception message after nlohmann's "[json.exception.xxx.nnn] " tag.
std::string without_tag(const std::string& what) {
  const auto end = what.find("] ");
  return end == std::string::npos ? what : what.substr(end + 2);
}

Expected<void> check_format(const Json& json) {
  const auto it = json.find("format");
  if (it == json.end()) return fail("format: missing (not a versus results file?)");
  for (std::string_view older : kOlderResultsFormats)
    if (it->is_string() && it->get<std::string>() == older) return {};
  if (!it->is_string() || it->get<std::string>() != kResultsFormat)
    return fail("format: expected \"" + std::string(kResultsFormat) + "\", got " + it->dump());
  return {};
}

Expected<RunResults> results_from_object(const Json& json) {
  if (!json.is_object()) return fail(std::string("expected an object, got ") + json.type_name());
  if (auto format = check_format(json); !format) return fail(format.error());
  return read_json<RunResults>(json, "");
}

}  // namespace

std::string_view status_name(CellStatus status) {
  switch (status) {
    case CellStatus::ok:
      return "ok";
    case CellStatus::failed:
      return "failed";
    case CellStatus::crashed:
      return "crashed";
    case CellStatus::unresponsive:
      return "unresponsive";
  }
  return "ok";
}

std::optional<CellStatus> status_from_name(std::string_view name) {
  for (CellStatus s : {CellStatus::ok, CellStatus::failed, CellStatus::crashed,
                       CellStatus::unresponsive})
    if (status_name(s) == name) return s;
  return std::nullopt;
}

Json series_to_json(const std::vector<measured::SecondSample>& series) {
  return write_json(series);
}

Json statements_to_json(const measured::StatementTimes& statements) {
  return write_json(statements);
}

Json mix_to_json(const MixRecord& mix) {
  return write_json(mix);
}

Json distribution_to_json(const sysbench::RandSpec& distribution) {
  return write_json(distribution);
}

Json cell_to_json(const CellRecord& cell) {
  return write_json(cell);
}

Json run_info_to_json(const RunInfo& info) {
  return write_json(info);
}

Json results_to_json(const RunResults& results) {
  Json json{{"format", kResultsFormat}};
  json.update(write_json(results));  // appends each key, in order
  return json;
}

Expected<CellRecord> cell_from_json(const Json& json, const std::string& path) {
  return read_json<CellRecord>(json, path);
}

Expected<RunResults> results_from_json(const Json& json) {
  try {
    return results_from_object(json);
  } catch (const std::exception& e) {  // type checks precede every get(); this is a backstop
    return fail(without_tag(e.what()));
  }
}

Expected<RunResults> parse_results(std::string_view text, const std::string& source) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return fail(source + ": empty file (truncated?)");
  Json json;
  try {
    json = Json::parse(text);
  } catch (const std::exception& e) {
    return fail(source + ": not valid JSON: " + without_tag(e.what()));
  }
  auto results = results_from_json(json);
  if (!results) return fail(results.error().context(source));
  return results;
}

}  // namespace versus::results
