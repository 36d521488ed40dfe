#include "report/run/query_changes_writers.h"

#include "report/html/html_page.h"
#include "report/run/run_csv.h"
#include "report/run/run_html.h"

namespace versus::report {

namespace {

using results::ClassComparison;
using Json = nlohmann::ordered_json;

std::string html_words(const std::string& text) {
  return html_escape(text);
}
std::string html_code(const std::string& text) {
  return "<code>" + html_escape(text) + "</code>";
}

std::string html_list(const std::vector<std::string>& items) {
  if (items.empty()) return "";
  std::string html = "<ul>\n";
  for (const std::string& item : items) html += "<li>" + item + "</li>\n";
  return html + "</ul>\n";
}

std::string section_html(const QueryChangesSection& s, const std::string& heading) {
  const Styling style{html_words, html_code};
  const std::string sub = heading == "h2" ? "h3" : "h4";
  std::string html = "<" + sub + ">" + html_escape(s.title) + "</" + sub + ">\n";
  std::vector<std::string> headlines;
  for (const ClassList& h : s.headlines)
    headlines.push_back("<b>" + html_escape(h.text) + "</b>" +
                        class_list_line({"", h.items}, style));
  html += html_list(headlines);
  if (!s.table.rows.empty()) html += html_table(s.table.header, html_rows(s.table, 1));
  std::vector<std::string> examples, apart;
  for (const ExampleWords& w : s.examples) examples.push_back(example_line(w, style));
  if (!examples.empty())
    html += "<p>First differing execution of each:</p>\n" + html_list(examples);
  for (const ClassList& a : s.apart) apart.push_back(class_list_line(a, style));
  html += html_list(apart);
  for (const std::string& note : s.notes)
    html += "<p class=\"note\">" + html_escape(note) + "</p>\n";
  return html;
}

Json execution_json(const measured::ExecutionResult& e) {
  Json warnings = Json::array();
  for (const measured::WarningRecord& w : e.warnings)
    warnings.push_back({{"code", w.code}, {"level", w.level}, {"message", w.message}});
  return {{"result", execution_summary(e)},  {"result_set", e.result_set}, {"rows", e.rows},
          {"checksum", e.checksum},          {"warnings", warnings},       {"error", e.error},
          {"error_message", e.error_message}};
}

Json example_json(const results::ExecutionExample& x) {
  Json out{{"execution", x.index + 1},
           {"line", x.base.line},
           {"text", x.base.text},
           {"baseline", execution_json(x.base)},
           {"server", execution_json(x.other)}};
  if (!x.row) {
    out["row"] = nullptr;
  } else if (x.row->columns_differ) {
    out["row"] = {{"columns_differ", true},
                  {"baseline_columns", x.row->base_columns},
                  {"server_columns", x.row->other_columns}};
  } else {
    out["row"] = {{"columns_differ", false},
                  {"row", x.row->row + 1},
                  {"baseline", x.row->base},
                  {"server", x.row->other}};
  }
  return out;
}

Json class_json(const ClassComparison& c) {
  return {{"statement", c.statement},
          {"outcome", outcome_name(c.outcome)},
          {"compared_rounded", c.tolerant},
          {"nondeterminism", c.nondeterminism},
          {"executions", c.executions},
          {"later_executions", c.rest_executions},
          {"rows_differ", c.rows_differ},
          {"warnings_differ", c.warnings_differ},
          {"errors_differ", c.errors_differ},
          {"new_errors", c.new_errors},
          {"errors_gone", c.errors_gone},
          {"other_errors", c.other_errors},
          {"later_differ", c.rest_differs},
          {"baseline_executions", c.base_executions},
          {"server_executions", c.other_executions},
          {"example", c.example ? example_json(*c.example) : Json(nullptr)}};
}

}  // namespace

std::string query_changes_html(const std::vector<QueryChangesSection>& sections,
                               const std::string& heading) {
  if (sections.empty()) return "";
  std::string html =
      "<section id=\"query-changes\"><" + heading + ">Queries that change</" + heading + ">\n";
  for (const QueryChangesSection& s : sections) html += section_html(s, heading);
  return html + "</section>\n";
}

const char* outcome_name(results::ClassOutcome outcome) {
  switch (outcome) {
    case results::ClassOutcome::same:
      return "same";
    case results::ClassOutcome::changed:
      return "changed";
    case results::ClassOutcome::by_nature:
      return "by_nature";
    case results::ClassOutcome::not_aligned:
      return "not_aligned";
    case results::ClassOutcome::only_base:
      return "only_baseline";
    case results::ClassOutcome::only_other:
      return "only_server";
  }
  return "same";
}

Json query_changes_json(const std::vector<results::QueryChanges>& changes) {
  Json out = Json::array();
  for (const results::QueryChanges& q : changes) {
    Json classes = Json::array();
    for (const ClassComparison& c : q.classes) classes.push_back(class_json(c));
    out.push_back({{"workload", q.workload},
                   {"engine", q.engine},
                   {"profile", q.profile},
                   {"threads", q.threads},
                   {"baseline", q.base_server},
                   {"server", q.server},
                   {"rows_values", q.rows_values},
                   {"executions_compared", q.executions_compared()},
                   {"classes", classes}});
  }
  return out;
}

void write_query_changes_csv(std::ostream& out, const std::vector<results::QueryChanges>& changes) {
  out << "workload,engine,profile,threads,baseline,server,class,outcome,compared_rounded,"
         "executions,later_executions,rows_differ,warnings_differ,errors_differ,new_errors,"
         "errors_gone,other_errors,later_differ,baseline_executions,server_executions,reasons,"
         "example_line,example_text,"
         "baseline_result,server_result,first_row,baseline_row,server_row\n";
  for (const results::QueryChanges& q : changes)
    for (const ClassComparison& c : q.classes) {
      std::string reasons;
      for (const std::string& r : c.nondeterminism) reasons += (reasons.empty() ? "" : "; ") + r;
      out << csv_field(q.workload) << ',' << csv_field(q.engine) << ',' << csv_field(q.profile)
          << ',' << q.threads << ',' << csv_field(q.base_server) << ',' << csv_field(q.server)
          << ',' << csv_field(c.statement) << ',' << outcome_name(c.outcome) << ','
          << (c.tolerant ? "yes" : "no") << ',' << c.executions << ',' << c.rest_executions << ','
          << c.rows_differ << ',' << c.warnings_differ << ',' << c.errors_differ << ','
          << c.new_errors << ',' << c.errors_gone << ',' << c.other_errors << ','
          << (c.rest_differs ? "yes" : "no") << ',' << c.base_executions << ','
          << c.other_executions << ',' << csv_field(reasons);
      if (!c.example) {
        out << ",,,,,,,\n";
        continue;
      }
      const results::ExecutionExample& x = *c.example;
      const bool row = x.row && !x.row->columns_differ;
      out << ',' << x.base.line << ',' << csv_field(x.base.text) << ','
          << csv_field(execution_summary(x.base)) << ',' << csv_field(execution_summary(x.other))
          << ',' << (row ? std::to_string(x.row->row + 1) : std::string()) << ','
          << csv_field(row ? x.row->base : "") << ',' << csv_field(row ? x.row->other : "") << '\n';
    }
}

}  // namespace versus::report
