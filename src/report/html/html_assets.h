#pragma once
// The HTML report's scripts and style sheet, embedded into the binary at build time
// (cmake/embed_assets.cmake): the page needs no file and no network.
#include <string_view>

namespace versus::report {

std::string_view chartjs_source();   // Chart.js (MIT), its license banner first
std::string_view chartjs_version();  // "3.9.1", from that banner
std::string_view report_script();    // src/report/html/report.js: draws the page's charts
std::string_view report_style();     // src/report/html/report.css

}  // namespace versus::report
