#pragma once
// The output of `versus history show`: per cell series, a title, its change points and
// one line per run (date, run id, server version, mean TPS), as plain text for a
// terminal, Markdown, or JSON ("versus-history/1"). docs/output.md describes the fields.
//   oltp_read_only, innodb, trunk/default, 8 threads: 30 runs, 1 change point
//     2026-11-20  20261120-010000  11.8.0-MariaDB   2695.5  << -10.2% (3001.7 -> 2695.5, p <0.001)
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "report/history/history_trend.h"

namespace versus::report {

inline constexpr const char* kHistoryFormat = "versus-history/1";

// Each trend's title as the listings print it ("oltp_read_only, innodb, trunk/default, 8
// threads"), naming the table size when the trends differ in it.
std::vector<std::string> series_titles(const std::vector<Trend>& trends);

// A change point's p-value as the listings print it: "p <0.001", "p=0.004".
std::string history_p_text(double p);

void write_history_terminal(std::ostream& out, const std::vector<Trend>& trends);
void write_history_markdown(std::ostream& out, const std::vector<Trend>& trends);
nlohmann::ordered_json history_to_json(const std::vector<Trend>& trends);
void write_history_json(std::ostream& out, const std::vector<Trend>& trends);  // indent 2

}  // namespace versus::report
