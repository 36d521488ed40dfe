#pragma once
// ChartSpec: one chart of the HTML report as plain data, what src/report/html/report.js
// draws with Chart.js: a line chart over evenly spaced categories (thread counts, seconds,
// cells in run order), one series per column with markers, optional 95% CI whiskers, a
// reference line and a shaded band. Missing values are null: the chart still draws.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace versus::report {

struct ChartSeries {
  ChartSeries(std::string label_, int colour_, bool dashed_ = false)
      : label(std::move(label_)), colour(colour_), dashed(dashed_) {}

  std::string label;
  int colour = 0;       // index into the page's palette: one colour per column everywhere
  bool dashed = false;  // a second measure of the same column (p99 beside p95)
  std::vector<std::optional<double>> values;           // one per category; none: no data
  std::vector<std::optional<double>> ci_low, ci_high;  // whiskers; empty or none: no whisker
  // Floating bars (a waterfall's steps): each bar from its start to its value; empty: bars
  // from zero, or lines.
  std::vector<double> starts;
  // Per point "faster", "slower" or "" (drawn as up/down triangles); empty: no verdicts.
  std::vector<std::string> marks;
};

struct ChartBand {
  double low = 0, high = 0;  // y range shaded (the min_difference band around 1)
  std::string label;
};

struct ChartSpec {
  std::string id;  // the page element it is drawn in: data-chart="<id>"
  std::string title, x_title, y_title;
  std::vector<std::string> categories;
  bool y_from_zero = true;
  std::optional<double> reference;  // a horizontal line (ratio 1)
  std::optional<ChartBand> band;
  std::vector<ChartSeries> series;
  // Drawn as grouped bars rather than lines: for categories that are not a sequence (statement
  // classes), where a line between two of them would suggest one.
  bool bars = false;
};

// Colours by column label, in order of first request: the same column has the same
// colour in every chart of a report.
class ColourIndex {
 public:
  int of(const std::string& label);

 private:
  std::vector<std::string> labels_;
};

inline constexpr const char* kHtmlDataFormat = "versus-html/1";

nlohmann::ordered_json chart_to_json(const ChartSpec& chart);

// The data a page's script draws from: {"format": kHtmlDataFormat, "charts": [...]}.
nlohmann::ordered_json charts_data(const std::vector<ChartSpec>& charts);

// "<prefix>-<n>" with characters other than letters, digits, '-' and '_' replaced by '_'.
std::string chart_id(const std::string& prefix, std::size_t n);

}  // namespace versus::report
