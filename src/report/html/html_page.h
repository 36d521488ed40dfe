#pragma once
// The frame of every HTML report (run, compare, upgrade): one self-contained file.
// A Content-Security-Policy meta forbids every remote load (default-src 'none'; only the
// page's own inline scripts and styles run), so it reads the same from file:// and from a CI
// artifact. The charts' data is embedded as JSON (<script type="application/json"
// id="versus-data">), Chart.js and src/report/html/report.js follow inline (html_assets.h).
// The body is plain HTML (tables, context) that reads without JavaScript.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace versus::report {

struct HtmlPage {
  std::string title;            // <title> and the <h1>
  std::string body;             // HTML, already escaped
  nlohmann::ordered_json data;  // {"format", "palette_size", "charts": [...]}
  std::string versus_version;   // for the footer
};

void write_html_page(std::ostream& out, const HtmlPage& page);

// & < > " ' as entities.
std::string html_escape(const std::string& text);

// The data JSON as embedded: every '<' written as \u003c, so no string in it can end the
// <script> element; it parses to the same value.
std::string embedded_json(const nlohmann::ordered_json& data);

struct HtmlCell {
  std::string html;  // already escaped
  std::string cls;   // CSS class: "num", "faster", "slower", ...; may be empty
};

// A table in a horizontally scrolling wrapper (phones): headers escaped here, cells as given.
std::string html_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<HtmlCell>>& rows);

// <pre> with escaped text, in a <details> whose summary is `summary` (escaped here).
std::string html_details(const std::string& summary, const std::string& text);

// A list under a bold title (both escaped here) in a div of class `kind` ("warning", or "note"
// for plain evidence); "" without lines.
std::string html_titled_list(const std::string& title, const std::vector<std::string>& lines,
                             const char* kind = "warning");

// A placeholder the page's script draws chart `id` into; a note when scripts do not run.
std::string chart_slot(const std::string& id);

}  // namespace versus::report
