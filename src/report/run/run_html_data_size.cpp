#include "report/run/run_html_data_size.h"

#include <algorithm>
#include <map>

#include "report/html/html_page.h"
#include "report/run/data_size_table.h"

namespace versus::report {
namespace {

using results::DataSizeRecord;

std::string label_of(const DataSizeRecord& r) {
  return r.server + "/" + r.profile;
}

// What the sizes of the instance `r` count: its family's unit, or rows per table.
std::string size_axis_title(const results::RunResults& run, const DataSizeRecord& r) {
  const sysbench::FamilyTraits* family = size_family(run, r);
  return family ? std::string(family->size.unit) : "rows per table";
}

// Records grouped by (engine, tables), in order of first appearance.
std::vector<std::vector<const DataSizeRecord*>> groups_of(const results::RunResults& r) {
  std::vector<std::vector<const DataSizeRecord*>> groups;
  for (const DataSizeRecord& d : r.data_sizes) {
    if (!has_measured_size(d)) continue;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& group) {
      return group.front()->engine == d.engine && group.front()->tables == d.tables;
    });
    if (g == groups.end()) g = groups.insert(groups.end(), std::vector<const DataSizeRecord*>{});
    g->push_back(&d);
  }
  return groups;
}

ChartSpec chart_of(const results::RunResults& run, const std::vector<const DataSizeRecord*>& group,
                   std::size_t n, ColourIndex& colours) {
  std::vector<std::int64_t> sizes;
  std::vector<std::string> labels;
  for (const DataSizeRecord* d : group) {
    sizes.push_back(d->table_size);
    if (std::find(labels.begin(), labels.end(), label_of(*d)) == labels.end())
      labels.push_back(label_of(*d));
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  ChartSpec c{chart_id("datasize", n),
              "Data size, " + group.front()->engine + ": MiB in the tables' files after the load",
              size_axis_title(run, *group.front()),
              "MiB on disk (data + index files)",
              {},
              true,
              {},
              {},
              {}};
  for (std::int64_t size : sizes) c.categories.push_back(std::to_string(size));
  for (const std::string& label : labels) {
    ChartSeries s{label, colours.of(label)};
    for (std::int64_t size : sizes) {
      auto d = std::find_if(group.begin(), group.end(), [&](const DataSizeRecord* r) {
        return label_of(*r) == label && r->table_size == size;
      });
      s.values.push_back(d == group.end() ? std::nullopt
                                          : std::optional(static_cast<double>((*d)->file_bytes()) /
                                                          (1024.0 * 1024.0)));
    }
    c.series.push_back(std::move(s));
  }
  return c;
}

std::string text_table_html(const TextTable& t) {
  std::vector<std::vector<HtmlCell>> rows;
  for (const auto& line : t.rows) {
    std::vector<HtmlCell> cells;
    for (const std::string& cell : line) cells.push_back({html_escape(cell), "num"});
    rows.push_back(std::move(cells));
  }
  return "<p>" + html_escape(t.title) + ".</p>\n" + html_table(t.header, rows);
}

}  // namespace

std::vector<ChartSpec> data_size_charts(const results::RunResults& r, ColourIndex& colours) {
  std::vector<ChartSpec> charts;
  const auto groups = groups_of(r);
  for (std::size_t i = 0; i < groups.size(); ++i) charts.push_back(chart_of(r, groups[i], i, colours));
  return charts;
}

std::string data_size_html(const results::RunResults& r, const std::vector<ChartSpec>& charts) {
  const auto tables = data_size_tables(r);
  if (tables.empty()) return "";
  std::string html = "<section id=\"data-size\"><h2>Data size</h2>\n";
  for (const TextTable& t : tables) html += text_table_html(t);
  html += "<div class=\"charts\">\n";
  for (const ChartSpec& c : charts) html += chart_slot(c.id);
  return html + "</div></section>\n";
}

}  // namespace versus::report
