#pragma once
// MicroStatement: the one statement each microbenchmark workload runs (sysbench/workload.h
// point_query .. update_zipf), declared once: its class (the statement's name in per-statement
// figures), its SQL and how its parameters are drawn. Pure: the session (session_micro.cpp)
// prepares the SQL per table and binds the drawn values. docs/microbenchmarks.md maps each to
// the published test it stands for.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "load/data/random.h"
#include "sysbench/statement_counts.h"
#include "sysbench/workload.h"

namespace versus::load {

// How one execution's parameters are drawn; N = the table's rows, ids from the configured
// distribution (--rand-type) unless named.
enum class MicroValues {
  none,        // no parameter (scan)
  one_id,      // one id in [1, N]
  first_id,    // id 1, always: the published update-one's --table-size=1 on the loaded tables
  zipfian_id,  // one id in [1, N], always zipfian (update_zipf)
  id_range,    // first, first + range_size; first in [1, N]: range_size + 1 ids, as the
               // published tests' `BETWEEN x AND x+range` (101 rows at range 100)
  id_span,     // first, first + range_size - 1; first in [1, N]: range_size ids, as sysbench's
               // oltp_common.lua draws a range (read_only_count: 1000 ids)
  id_list,     // list_size ids in [1, N], each drawn alone (repeats possible)
  hot_list,    // kHotPoints consecutive ids from N/2 + 1, as oltp_inlist_select.lua's
               // --hot-points (clamped into [1, N] on a table smaller than twice the list)
};

// How the statement's parameters and text reach the server.
enum class MicroForm {
  prepared,    // prepared once per table, its integers bound per execution
  prepared_c,  // the same, its first parameter a random c (sysbench's 120-char template)
  text,        // sent as a text query, never prepared (the published scan)
};

struct MicroStatement {
  sysbench::Workload workload;
  std::string_view class_name;  // the statement's class: one list of one per workload
  std::string_view sql;         // {} = the table; "(?*)" = the IN-list's placeholders
  MicroValues values;
  bool write;  // an UPDATE: counted as a write, not a read
  MicroForm form = MicroForm::prepared;
};

// The version of the statements' definitions (their SQL, parameters and form): raised whenever
// one changes, recorded with every microbenchmark cell (results: the mix's `definition`), so a
// comparison never sets two definitions of one name side by side unnoticed.
// 2: update_one, update_inlist and update_zipf set c (sysbench's non-index update), random_points
// and hot_points read c by id, scan is sysbench's `SELECT * ... WHERE LENGTH(c) < 0` as text,
// the four ranges span range_size + 1 ids (`BETWEEN x AND x+range_size`). A new test leaves the
// others' definitions as they were: random_points_10, random_points_1000 and read_only_count
// came in definition 2.
// 3: update_one updates row 1 of a random sbtest table (the published --table-size=1 on the
// loaded tables), where 2 updated the one row of a table of its own; hot_points reads ids
// N/2+1 .. N/2+100, where 2 read N/2-49 .. N/2+50.
inline constexpr int kMicroDefinition = 3;

// The IN-list sizes fixed by the published tests.
inline constexpr int kHotPoints = 100;     // hot_points
inline constexpr int kPointsInlist = 100;  // points_covered/notcovered_pk/si
inline constexpr int kUpdateInlist = 10;   // update_inlist
// The ids the published single-range tests' one range spans (read-only-count, -simple, -sum,
// -order and -distinct run with --range-size=1000: BETWEEN x AND x+999, as oltp_common.lua
// draws a range): read_only_count's here, read_only_simple .. read_only_distinct's in
// oltp_mix.cpp.
inline constexpr int kAggregateRange = 1000;

// Every microbenchmark's statement, in workload order.
const std::vector<MicroStatement>& micro_statements();
// The statement of `w` (is_micro(w)).
const MicroStatement& micro_statement(sysbench::Workload w);
// The values in its IN-list (0: no list): inlist_size for random_points, else fixed.
int micro_list_size(const MicroStatement& s, const sysbench::StatementCounts& counts);
// The range_size its range is drawn with: range_size, but kAggregateRange for read_only_count.
int micro_range_size(const MicroStatement& s, const sysbench::StatementCounts& counts);
// Its SQL for `table` with `list_size` placeholders in the IN-list.
std::string micro_sql(const MicroStatement& s, std::string_view table, int list_size);

// What one draw needs: the table's rows, the range size and the IN-list's size.
struct MicroShape {
  std::uint32_t table_size = 10000;
  int range_size = 100;
  int list_size = 0;
};
// Draws one execution's parameters into `out` (resized to their count; its capacity kept, so a
// session allocates only on its first transaction).
void draw_micro_values(MicroValues v, const MicroShape& shape, Random& rng,
                       std::vector<long long>& out);

}  // namespace versus::load
