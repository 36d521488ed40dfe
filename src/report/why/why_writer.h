#pragma once
// WhyWriter: a why run's split of the gap (results/evidence/why_split.h) as text, the block
// "what makes the difference": per row the whole gap, each settings group's share of it with
// its interval, the release itself, the interaction, and the settings no variant could make
// alike; and as JSON. Writes to the stream it is given; measures nothing.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "results/evidence/why_split.h"

namespace versus::report {

// What the all-alike part is called: "the release itself" (every group alike), or within a
// group "the rest (every durability setting alike)": the other groups and the release.
std::string why_release_label(const results::WhyDesign& design);

// "x0.59 [0.55, 0.63] slower": a ratio with its interval and verdict.
std::string why_ratio_text(const results::RatioEstimate& ratio);
// "55% [48%, 62%] of the gap" (with "(undecided: too wide)"), or "" without a share.
std::string why_share_text(const results::GapPart& part);

void write_why(std::ostream& out, const results::WhyDesign& design,
               const std::vector<results::WhyRow>& rows);

nlohmann::json why_json(const results::WhyDesign& design, const std::vector<results::WhyRow>& rows);

}  // namespace versus::report
