#pragma once
// The matrix file's keys, each declared exactly once: level, name, type, default, allowed
// values and help. The parser, its error messages, --help and docs/config.md all read this
// table, so adding a key here (plus storing it in the Plan) is the whole job.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace versus::config {

// Where a key may appear: the top-level map, an entry of servers[], profiles[], exclude[],
// include[] or hosts[], a map entry of workloads[]; or in a workload file (workload_options.cpp): its top-level map, an
// entry of tables[], of columns[] or params[] (a generator), of transactions[] or of
// statements[].
enum class Level {
  top,
  server,
  profile,
  exclude,
  include,
  host,
  workload_entry,
  workload_file,
  workload_table,
  workload_generator,
  workload_transaction,
  workload_statement,
};

// How a key's value is read and checked.
enum class Kind {
  integer,        // decimal integer within [min, max]
  integer_list,   // non-empty list (or one scalar) of distinct integers within [min, max]
  duration,       // duration.h syntax; milliseconds within [min, max]
  choice_list,    // non-empty list (or one scalar) of distinct choices(), case-insensitive
  name,           // used in paths: [A-Za-z0-9._-], 1..kMaxNameLength, starts with a letter/digit
  directory,      // path of an existing directory
  file_list,      // list (or one scalar) of paths of existing regular files
  option_map,     // my.cnf option name -> single-line scalar value, in file order
  server_list,    // non-empty list of Level::server maps, names unique
  profile_list,   // non-empty list of Level::profile maps, names unique
  cpu_list,       // Linux CPU list text ("0", "0-1", "0,2"); "" = none (util/cpu_affinity.h)
  boolean,        // true or false, case-insensitive
  choice,         // exactly one of choices(), case-insensitive
  fraction,       // decimal number strictly between 0 and 1
  percent,        // integer percent within [min, max], with or without a trailing %
  count_or_auto,  // the word auto (stored as 0), or a decimal integer within [min, max]
  duration_or_steady,  // the word steady (stored as -1 ms), or a duration within [min, max]
  exclude_list,        // list of Level::exclude maps, each naming at least one axis
  include_list,        // list of Level::include maps, each naming an axis and a run length
  host_list,           // list of Level::host maps, names unique
  file,                // path of an existing regular file
  ssh_destination,     // [user@]host for ssh: [A-Za-z0-9._:-], one '@' at most, no leading '-'
  host_path,           // absolute path on another host: [A-Za-z0-9/._-], no "..", no "//"
  text,                // a non-empty string, several lines allowed (SQL)
  text_list,           // non-empty list of one-line strings of at most 128 bytes
  entry_list,          // list of maps of the level OptionSpec::entries (non-empty if required)
  workload_list,       // non-empty list of built-in workload names and Level::workload_entry maps
};

// Identifies a key where code must name it: storing its value in the Plan. Nothing else in the
// config layer spells a key name; it asks the table.
enum class Key {
  servers,
  profiles,
  engines,
  workloads,
  suite,
  reads_after_writes,
  reads_before_writes,
  threads,
  tables,
  table_size,
  warehouses,
  tpcc_home,
  tpcc_mix,
  tpcc_checks,
  warmup,
  warmup_max,
  prewarm,
  instance_cache,
  duration,
  read_duration,
  write_duration,
  insert_duration,
  warm_duration,
  max_requests,
  repeats,
  min_difference,
  interference_limit,
  rate,
  startup_timeout,
  shutdown_timeout,
  stall_timeout,
  stall_limit,
  client_cpus,
  server_cpus,
  thread_placement,
  cpu_probe,
  efficiency,
  metric,
  transport,
  lifecycle,
  ignore_errors,
  myisam_max_rows,
  table_charset,
  table_collation,
  exclude,
  include,
  point_selects,
  simple_ranges,
  sum_ranges,
  order_ranges,
  distinct_ranges,
  range_size,
  index_updates,
  non_index_updates,
  delete_inserts,
  inlist_size,
  rand_type,
  rand_spec_pct,
  rand_spec_res,
  rand_pareto_h,
  rand_zipfian_exp,
  multiple_comparisons,
  estimate,
  explain,
  explain_budget,
  max_repeats,
  time_budget,
  seed,
  hosts,
  server_name,
  server_basedir,
  server_cpu_quota,
  server_files,
  server_options,
  server_host,
  server_host_basedir,
  server_data_from,
  host_name,
  host_ssh,
  host_port,
  host_identity,
  host_known_hosts,
  host_workdir,
  host_address,
  profile_name,
  profile_files,
  profile_options,
  profile_equalize,
  exclude_server,
  exclude_profile,
  exclude_engine,
  exclude_workload,
  exclude_threads,
  exclude_table_size,
  include_server,
  include_profile,
  include_engine,
  include_workload,
  include_threads,
  include_table_size,
  include_duration,
  include_max_requests,
  include_warmup,
  // A map entry of workloads[] (workload_entry_options.cpp).
  entry_file,
  entry_replay,
  entry_replay_data,
  entry_replay_writes,
  entry_replay_sample,
  entry_replay_order,
  entry_replay_compare,
  entry_replay_show_rows,
  // The workload file's keys (workload_options.cpp).
  file_name,
  file_tables,
  file_transactions,
  table_name,
  table_create,
  table_rows,
  table_columns,
  table_csv,
  table_sql_file,
  generator_column,
  generator_kind,
  generator_min,
  generator_max,
  generator_table,
  generator_length,
  generator_values,
  transaction_name,
  transaction_weight,
  transaction_in_transaction,
  transaction_statements,
  statement_name,
  statement_sql,
  statement_params,
  generator_name,
  transaction_params,
  statement_into,
};

struct OptionSpec {
  Key key;
  Level level;
  std::string_view name;
  Kind kind;
  bool required;
  std::string_view default_yaml;  // parsed like user input when the key is absent; "" = none
                                  // (an optional key without default stays absent)
  std::int64_t min;               // integer bounds; for durations, in milliseconds
  std::int64_t max;
  const std::vector<std::string_view>& (*choices)();  // choice_list, choice; else nullptr
  std::string_view default_note;  // qualifies the default in docs, e.g. interplay with a key
  std::string_view help;          // one or two sentences; the docs' description column
  Level entries = Level::top;     // entry_list: the level of its maps' keys
};

inline constexpr std::size_t kMaxNameLength = 64;

// Every key, top level first, then servers[], then profiles[]; within a level in docs order.
// The workload file's keys come last.
const std::vector<OptionSpec>& option_table();
// The workload file's rows (workload_options.cpp), appended to the matrix's.
std::vector<OptionSpec> workload_file_options();
// The rows of a map entry of workloads[] (workload_entry_options.cpp): a workload file or a
// replayed query log.
std::vector<OptionSpec> workload_entry_options();
std::vector<const OptionSpec*> options_at(Level level);
// Whether `level` is a workload file's (docs/workload-file.md), not the matrix's.
bool is_workload_file_level(Level level);
std::vector<std::string_view> option_names(Level level);            // for did-you-mean
const OptionSpec* find_option(Level level, std::string_view name);  // nullptr when unknown
const OptionSpec& option(Key key);

// multiple_comparisons' choices: holm, bh, none (results/stats/multiplicity.h).
const std::vector<std::string_view>& multiple_comparisons_names();
// estimate's choices: paired, independent (results/stats/statistics.h).
const std::vector<std::string_view>& estimate_names();

// The storage engines a matrix may name, lower case.
const std::vector<std::string_view>& engine_names();
// How cells connect to their server: "socket" (the instance's Unix socket) or "tcp".
const std::vector<std::string_view>& transport_names();
const std::vector<std::string_view>& lifecycle_names();
const std::vector<std::string_view>& explain_names();
// equalize's choices: binlog, performance_schema, charset, snapshot_isolation (the groups of
// server/equalize.h, which renders them).
const std::vector<std::string_view>& equalize_names();
// thread_placement's choices: free, colocate (host/colocation.h).
const std::vector<std::string_view>& thread_placement_names();

// Text derived from a spec, shared by error messages, --help and docs/config.md.
std::string_view level_title(Level level);         // "top level", "servers[]", "profiles[]", ...
std::string_view kind_name(Kind kind);             // "integer list", "duration", ...
std::string range_text(const OptionSpec& spec);    // "1..10000", "0s..168h"; "" if no range
std::string allowed_text(const OptionSpec& spec);  // docs' "allowed" column
std::string default_text(const OptionSpec& spec);  // docs' "default" column
// Completes "expected ..., got ..." for the whole value / for one item of a list-valued key.
std::string expected_text(const OptionSpec& spec);
std::string item_expected_text(const OptionSpec& spec);

}  // namespace versus::config
