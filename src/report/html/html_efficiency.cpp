#include "report/html/html_efficiency.h"

#include "report/html/html_page.h"
#include "report/run/efficiency_table.h"
#include "report/shared/cell_text.h"

namespace versus::report {

namespace {

constexpr const char* kEfficiencyNote =
    "Over each cell's measured interval, divided by its transactions, the mean of its ok runs: "
    "server CPU is the server's whole process tree (user + system), client CPU is versus "
    "itself, context switches are the server's (voluntary + involuntary), KB read and written "
    "are what reached storage (/proc/PID/io). x: the ratio to the first column's cell (none "
    "when that cost was 0).";

// Column 0 is the thread count (set on a group's first row only), 1 the column's label.
std::string cell_class(std::size_t column, const std::string& text) {
  if (column == 1) return "name";
  return column == 0 && !text.empty() ? "num group" : "num";
}

}  // namespace

std::string efficiency_html(const ComparisonTable& table) {
  const auto t = efficiency_table(table);
  if (!t) return "";
  std::vector<std::vector<HtmlCell>> rows;
  for (const auto& line : t->rows) {
    std::vector<HtmlCell> row;
    for (std::size_t i = 0; i < line.size(); ++i)
      row.push_back({html_escape(line[i]), cell_class(i, line[i])});
    rows.push_back(std::move(row));
  }
  std::string notes;
  for (const std::string& note : t->notes) notes += "<p class=\"note\">" + html_escape(note) + "</p>";
  return "<div class=\"efficiency\"><h3>" + html_escape(t->title) + "</h3>\n" +
         html_table(t->header, rows) + notes + "<p class=\"note\">" +
         html_escape(kEfficiencyNote) + "</p></div>\n";
}

std::optional<ChartSpec> server_cpu_chart(const ComparisonTable& t, std::size_t n,
                                          ColourIndex& colours) {
  const bool by_size = t.rows_by == RowAxis::table_size;
  ChartSpec c{chart_id("cost", n),
              "Server CPU per transaction",
              by_size ? "rows per table" : "client threads",
              "server CPU us per transaction",
              {},
              true,
              {},
              {},
              {}};
  for (const ComparisonRow& row : t.rows)
    c.categories.push_back(std::to_string(by_size ? row.table_size : row.threads));
  bool any = false;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const std::string label = column_label(t.columns[i]);
    ChartSeries s{label, colours.of(label)};
    for (const ComparisonRow& row : t.rows) {
      const auto& e = row.cells[i].efficiency;
      any = any || e.has_value();
      s.values.push_back(e ? std::optional(e->server_cpu_us) : std::nullopt);
    }
    c.series.push_back(std::move(s));
  }
  if (!any) return std::nullopt;
  return c;
}

std::string counters_html(const std::string& caption,
                          const std::vector<results::CounterChange>& counters,
                          const std::string& from, const std::string& to) {
  if (counters.empty()) return "";
  std::vector<std::vector<HtmlCell>> rows;
  for (const results::CounterChange& k : counters) {
    const auto ratio = results::change_ratio(k);
    rows.push_back({{html_escape(k.name), ""},
                    {html_escape(results::counter_value_text(k.from)), "num"},
                    {html_escape(results::counter_value_text(k.to)), "num"},
                    {ratio ? html_escape(format_ratio(*ratio)) : "-", "num"}});
  }
  return "<div class=\"counters\"><h4>" + html_escape(caption) + "</h4>\n" +
         html_table({"per transaction", from, to, "ratio"}, rows) + "</div>\n";
}

}  // namespace versus::report
