#include "report/html/html_chart.h"

#include <algorithm>
#include <cctype>

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;

Json optional_values(const std::vector<std::optional<double>>& values) {
  Json array = Json::array();
  for (const auto& v : values) array.push_back(v ? Json(*v) : Json(nullptr));
  return array;
}

Json series_json(const ChartSeries& s) {
  Json j{{"label", s.label}, {"colour", s.colour}, {"values", optional_values(s.values)}};
  if (s.dashed) j["dashed"] = true;
  if (!s.ci_low.empty()) {
    j["ci_low"] = optional_values(s.ci_low);
    j["ci_high"] = optional_values(s.ci_high);
  }
  if (!s.marks.empty()) j["marks"] = s.marks;
  if (!s.starts.empty()) j["starts"] = s.starts;
  return j;
}

}  // namespace

int ColourIndex::of(const std::string& label) {
  auto it = std::find(labels_.begin(), labels_.end(), label);
  if (it != labels_.end()) return static_cast<int>(it - labels_.begin());
  labels_.push_back(label);
  return static_cast<int>(labels_.size() - 1);
}

Json chart_to_json(const ChartSpec& c) {
  Json series = Json::array();
  for (const ChartSeries& s : c.series) series.push_back(series_json(s));
  Json j{{"id", c.id},           {"title", c.title},           {"x_title", c.x_title},
         {"y_title", c.y_title}, {"categories", c.categories}, {"y_from_zero", c.y_from_zero}};
  if (c.bars) j["kind"] = "bar";
  if (c.reference) j["reference"] = *c.reference;
  if (c.band)
    j["band"] = Json{{"low", c.band->low}, {"high", c.band->high}, {"label", c.band->label}};
  j["series"] = std::move(series);
  return j;
}

Json charts_data(const std::vector<ChartSpec>& charts) {
  Json array = Json::array();
  for (const ChartSpec& c : charts) array.push_back(chart_to_json(c));
  return Json{{"format", kHtmlDataFormat}, {"charts", std::move(array)}};
}

std::string chart_id(const std::string& prefix, std::size_t n) {
  std::string id = prefix + "-" + std::to_string(n);
  for (char& ch : id)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  return id;
}

}  // namespace versus::report
