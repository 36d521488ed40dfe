#include "config/reading/matrix_parser.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "config/reading/command_line_values.h"
#include "config/reading/conversion.h"
#include "config/reading/data_from.h"
#include "config/reading/host_placement.h"
#include "config/reading/matrix_shape.h"
#include "config/reading/plan_assembly.h"
#include "config/reading/problems.h"
#include "config/reading/yaml_document.h"

namespace versus::config {
namespace {

namespace fs = std::filesystem;

Expected<Plan> parse_text(std::string_view text, const std::string& source,
                          const fs::path& base_dir, const MatrixOverrides& overrides) {
  Problems problems(source);
  CommandLineValues command_line(overrides, problems);
  auto root = read_root_map(text, problems);
  if (!root) return fail(problems.error());
  command_line.check_server_names(*root, problems);
  std::error_code ec;
  const fs::path base = fs::absolute(base_dir, ec).lexically_normal();
  // Workload files resolve against the matrix file's directory.
  ReadContext ctx{problems, base, false, &command_line.values(),
                  (base / fs::path(source).parent_path()).lexically_normal()};
  Fields fields = read_fields(*root, Level::top, "", ctx);
  command_line.report_into(problems);
  if (!problems.empty()) return fail(problems.error());
  auto given_line = [&](Key key) {
    const auto f = fields.find(key);
    return f != fields.end() && f->second.given ? f->second.line : 0;
  };
  const auto estimate = fields.find(Key::estimate);
  const LifecycleKeys keys{given_line(Key::lifecycle),
                           estimate != fields.end() && estimate->second.given,
                           given_line(Key::estimate)};
  Plan plan = assemble_plan(fields, source);
  // A suite's published tests draw uniform ids; rand_type's default is sysbench's.
  if (plan.suite && !given_line(Key::rand_type)) plan.rand.type = sysbench::RandType::uniform;
  check_matrix_shape(plan, problems);
  check_lifecycle(plan, keys, problems);
  check_families(
      plan, given_line(Key::workloads),
      [&](std::string_view name) {
        const OptionSpec* option = find_option(Level::top, name);
        return option ? given_line(option->key) : 0;
      },
      problems);
  check_hosts(plan, given_line(Key::transport), problems);
  check_data_from(plan, problems);
  check_explain(plan, {given_line(Key::explain), given_line(Key::explain_budget)}, problems);
  check_thread_placement(plan, given_line(Key::thread_placement), problems);
  check_read_passes(
      plan, {given_line(Key::reads_after_writes), given_line(Key::reads_before_writes)}, problems);
  check_suite_durations(plan,
                        {given_line(Key::read_duration), given_line(Key::write_duration),
                         given_line(Key::insert_duration), given_line(Key::warm_duration)},
                        problems);
  check_inlist_sizes(plan, given_line(Key::inlist_size), problems);
  const int stall_line = given_line(Key::stall_limit);
  check_stall_keys(plan, stall_line ? stall_line : given_line(Key::stall_timeout), problems);
  if (!problems.empty()) return fail(problems.error());
  plan.overrides = overrides;
  return plan;
}

struct CloseFile {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

Expected<std::string> read_text(const fs::path& file) {
  std::unique_ptr<std::FILE, CloseFile> f(std::fopen(file.c_str(), "rb"));
  if (!f) return fail(file.string() + ": cannot read: " + std::strerror(errno));
  std::string text;
  char buffer[65536];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) text.append(buffer, n);
  if (std::ferror(f.get())) return fail(file.string() + ": cannot read: " + std::strerror(errno));
  return text;
}

}  // namespace

Expected<Plan> parse_matrix_text(std::string_view text, const std::string& source_name,
                                 const std::filesystem::path& base_dir,
                                 const MatrixOverrides& overrides) {
  try {
    return parse_text(text, source_name, base_dir, overrides);
  } catch (const std::exception& e) {  // a yaml-cpp or library surprise: still an Error
    return fail(source_name + ": internal error while reading the matrix: " + e.what());
  }
}

Expected<Plan> parse_matrix_file(const std::filesystem::path& file,
                                 const MatrixOverrides& overrides) {
  auto text = read_text(file);
  if (!text) return fail(std::move(text.error()));
  std::error_code ec;
  auto plan = parse_matrix_text(*text, file.string(), std::filesystem::current_path(ec), overrides);
  if (plan) plan->source = file;
  return plan;
}

}  // namespace versus::config
