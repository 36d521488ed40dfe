#include "report/html/html_page.h"

#include "report/html/html_assets.h"

namespace versus::report {

namespace {

// No remote load of any kind; the inline scripts and styles of the page only.
constexpr const char* kCsp =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data:; base-uri 'none'; form-action 'none'";

void write_head(std::ostream& out, const HtmlPage& page) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"" << kCsp << "\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << html_escape(page.title) << "</title>\n<style>\n"
      << report_style() << "</style>\n</head>\n";
}

void write_footer(std::ostream& out, const HtmlPage& page) {
  out << "<footer>Written by versus " << html_escape(page.versus_version)
      << "; charts drawn by Chart.js " << chartjs_version()
      << " (MIT License), embedded in this file. "
      << "<span id=\"chart-status\">Charts need JavaScript; every figure is also in the "
         "tables.</span></footer>\n";
}

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string embedded_json(const nlohmann::ordered_json& data) {
  constexpr auto replace_invalid_utf8 = nlohmann::json::error_handler_t::replace;
  const std::string text = data.dump(-1, ' ', false, replace_invalid_utf8);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

std::string html_table(const std::vector<std::string>& headers,
                       const std::vector<std::vector<HtmlCell>>& rows) {
  std::string html = "<div class=\"table-wrap\"><table>\n<thead><tr>";
  for (const std::string& h : headers) html += "<th>" + html_escape(h) + "</th>";
  html += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    html += "<tr>";
    for (const HtmlCell& cell : row)
      html += (cell.cls.empty() ? "<td>" : "<td class=\"" + cell.cls + "\">") + cell.html + "</td>";
    html += "</tr>\n";
  }
  return html + "</tbody></table></div>\n";
}

std::string html_details(const std::string& summary, const std::string& text) {
  return "<details><summary>" + html_escape(summary) + "</summary><pre>" + html_escape(text) +
         "</pre></details>\n";
}

std::string html_titled_list(const std::string& title, const std::vector<std::string>& lines,
                             const char* kind) {
  if (lines.empty()) return "";
  std::string html =
      std::string("<div class=\"") + kind + "\"><b>" + html_escape(title) + "</b><ul>\n";
  for (const std::string& line : lines) html += "<li>" + html_escape(line) + "</li>\n";
  return html + "</ul></div>\n";
}

std::string chart_slot(const std::string& id) {
  return "<div class=\"chart\" data-chart=\"" + html_escape(id) + "\"></div>\n";
}

void write_html_page(std::ostream& out, const HtmlPage& page) {
  write_head(out, page);
  out << "<body>\n<main>\n<h1>" << html_escape(page.title) << "</h1>\n" << page.body << "</main>\n";
  write_footer(out, page);
  out << "<script type=\"application/json\" id=\"versus-data\">" << embedded_json(page.data)
      << "</script>\n<script>\n"
      << chartjs_source() << "\n</script>\n<script>\n"
      << report_script() << "\n</script>\n</body>\n</html>\n";
}

}  // namespace versus::report
