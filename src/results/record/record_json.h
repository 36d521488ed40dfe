#pragma once
// JSON form of the result records, as stored in results.json (docs/output.md).
// Writing cannot fail; reading checks every field and reports the first problem
// as "<json path>: <what is wrong>". No exception escapes these functions.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "results/record/record.h"
#include "util/expected.h"

namespace versus::results {

// Top-level "format" of results.json; bumped on any incompatible change.
// 3: a cell's status may be "unresponsive", and it may hold "stalls" and "diagnosis".
inline constexpr std::string_view kResultsFormat = "versus-results/3";
// Formats still read: /1 lacks the cells' "usage" and the run's "metric" (both optional).
inline constexpr std::string_view kOlderResultsFormats[] = {"versus-results/1", "versus-results/2"};

std::string_view status_name(CellStatus status);  // "ok", "failed", "crashed", "unresponsive"
std::optional<CellStatus> status_from_name(std::string_view name);

// Keys keep the order they are written in (ordered_json), so files read top-down.
nlohmann::ordered_json cell_to_json(const CellRecord& cell);
nlohmann::ordered_json run_info_to_json(const RunInfo& info);
nlohmann::ordered_json results_to_json(const RunResults& results);  // includes "format"
// A cell's per-second "series" array; also `versus bench --format json`'s.
nlohmann::ordered_json series_to_json(const std::vector<measured::SecondSample>& series);
// A cell's "statements" array (per statement class); also `versus bench --format json`'s.
nlohmann::ordered_json statements_to_json(const measured::StatementTimes& statements);
// A cell's "mix" and "distribution" objects; also the comparison's per table.
nlohmann::ordered_json mix_to_json(const MixRecord& mix);
nlohmann::ordered_json distribution_to_json(const sysbench::RandSpec& distribution);

// `path` names the value in error messages, e.g. "cells[3]".
Expected<CellRecord> cell_from_json(const nlohmann::ordered_json& json, const std::string& path);
Expected<RunResults> results_from_json(const nlohmann::ordered_json& json);

// Parses the text of a results.json; every error message starts with "<source>: ".
Expected<RunResults> parse_results(std::string_view text, const std::string& source);

}  // namespace versus::results
