#pragma once
// WhyRecord: what a why run was designed as, kept beside its results. A why run
// (RUN/why-<S>/, run/why/why_run.h) splits column S's gap to the baseline by settings group; its
// design says which of its servers is the baseline, the column as shipped, each group's
// variant and the all-alike variant (why-design.json, written before its first cell, so a
// report can split whatever rounds it has). The columns `explain: settings` left unsplit are
// the parent run's explain.json, each with why. Both read back by the reports.
#include <filesystem>
#include <string>
#include <vector>

#include "util/expected.h"

namespace versus::results {

inline constexpr const char* kWhyDesignFile = "why-design.json";
inline constexpr const char* kExplainFile = "explain.json";

struct WhyDesign {
  std::string baseline, column, profile;  // server names, the profile's
  struct Part {
    std::string group, server;       // a settings group and its variant's server
    std::vector<std::string> alike;  // what it changes: "sync_binlog 1 -> 0", ...
  };
  std::vector<Part> groups;
  std::string all_alike;            // the variant with every group alike
  std::vector<std::string> cannot;  // settings no variant changes: "schema: ...: why"
  // Groups that differ but were left out to fit explain_budget: "schema (over the budget)".
  std::vector<std::string> left_out;
  // "": the parts are settings groups and all_alike every group alike. A group's name: the
  // parts are that group's settings, each alone, and all_alike the group alike.
  std::string within{};
};

// A column of the parent run that `explain: settings` did not split, and why.
struct ExplainSkip {
  std::string column, why;
};

Expected<void> save_why_design(const std::filesystem::path& why_dir, const WhyDesign& design);
Expected<WhyDesign> load_why_design(const std::filesystem::path& why_dir);

Expected<void> save_explain_skips(const std::filesystem::path& run_dir,
                                  const std::vector<ExplainSkip>& skips);
// None when the run has no explain.json.
Expected<std::vector<ExplainSkip>> load_explain_skips(const std::filesystem::path& run_dir);

}  // namespace versus::results
