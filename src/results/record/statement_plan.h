#pragma once
// Statement plans: EXPLAIN of every statement template (load/family/explain_template.h) on an
// instance after ANALYZE TABLE, as the server gave it, and its shape normalised across
// flavours and formats, so that plans of MySQL and MariaDB, JSON or tabular, compare field by
// field (results/evidence/plan_diff.h). Recorded per instance in results.json (data_sizes[].plans).
// The parsers are pure.
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace versus::results {

// How one table is read.
struct PlanTable {
  std::string table;
  std::string access_type;  // "const", "range", "ref", "index", "ALL", ...; "" when none given
  std::string key;          // the index used; "" for none
  double rows = 0;          // the optimizer's estimate of rows examined per scan
  bool operator==(const PlanTable& o) const {
    return table == o.table && access_type == o.access_type && key == o.key && rows == o.rows;
  }
};

// A plan's shape: its tables in EXPLAIN's order, and whether it sorts with a filesort or goes
// through a temporary table anywhere (sysbench's statements read one table each).
struct PlanShape {
  std::vector<PlanTable> tables;
  bool filesort = false;
  bool temporary = false;
};

// One statement's plan on one instance (the instance's coordinates are its record's).
struct StatementPlan {
  std::string statements;       // whose statements: "sysbench 1.0", "sysbench 0.4"
  std::string statement_class;  // "ORDER BY range"
  std::string sql;              // what was explained (representative literals)
  std::string format;           // kJsonFormat or kTabularFormat
  std::string raw;              // EXPLAIN's output; tabular: a header line, then rows, tab-separated
  std::string error;            // the server's error when EXPLAIN failed; then no shape
  PlanShape shape;
};

inline constexpr std::string_view kJsonFormat = "json";
inline constexpr std::string_view kTabularFormat = "tabular";

// The shape of EXPLAIN FORMAT=JSON output, MariaDB's or MySQL's: every object naming a
// "table_name" is a table (MariaDB's "rows", MySQL's "rows_examined_per_scan"), within
// nested_loop arrays or not; a "filesort" object (MariaDB) or "using_filesort": true (MySQL's
// ordering_operation and duplicates_removal) anywhere is a filesort, a "temporary_table"
// object or "using_temporary_table": true a temporary table; the table an INSERT writes has no
// access type (MySQL's "insert": true says "ALL", MariaDB says none). MySQL's other JSON shape
// (explain_json_format_version=2: "query_plan") is an error: host/statement_plans.h asks for
// this one. An error names what is wrong.
Expected<PlanShape> json_plan_shape(std::string_view text);

// The shape of tabular EXPLAIN (`raw` above): columns found by name (table, type, key, rows,
// Extra); "Using filesort" and "Using temporary" in Extra. NULL reads as "".
Expected<PlanShape> tabular_plan_shape(std::string_view text);

// The shape of `raw` in `format` (either of the above).
Expected<PlanShape> plan_shape(std::string_view format, std::string_view raw);

}  // namespace versus::results
