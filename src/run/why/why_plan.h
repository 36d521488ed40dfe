#pragma once
// WhyPlan: the experiment that splits a column's gap to the baseline by settings group
// (docs/why.md). From a finished run: the listed settings its instances ran with (results.json
// data_sizes[].settings) on the baseline, servers[0], and on the column, server S, both under
// profile P; for each settings group where they differ, a variant of S with that group made
// alike to the baseline's values (server/alike.h), and one with every group alike (the release
// itself). The variants are servers of their own in a second run of the same matrix: servers
// [baseline, S, S.alike-<group>..., S.alike-all], profiles [P], exclude and include emptied, so
// every variant runs interleaved in the same rounds as the baseline and S. Each variant's lines
// go into a my.cnf fragment of its own (a server file: after the profile's options, so they win
// over them), and the options of S that set the same variables, or that alike says to take
// out, are left out of its options. A setting that cannot be made alike (the column's release
// lacks it, or a file the variant cannot change sets it) is named and stays in the release's
// part.
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "config/plan/overrides.h"
#include "config/plan/plan.h"
#include "results/record/record.h"
#include "run/preflight.h"
#include "util/expected.h"

namespace versus::run {

// One variant: its server's name, what it makes alike, and what it could not.
struct WhyVariant {
  std::string server;  // "<S>.alike-durability", ..., "<S>.alike-all"
  std::string group;   // the settings group, "" for every group at once
  std::vector<std::string> lines;    // its fragment's [mysqld] lines
  std::vector<std::string> alike;    // "sync_binlog 1 -> 0", one per setting made alike
  std::vector<std::string> cannot;   // "innodb_change_buffering: ...", one per setting not
  bool changes_data = false;         // its tables are loaded again (charset, collation)
  std::set<std::string> drop;        // S's options it leaves out (normalized names)
};

struct WhyPlan {
  std::string baseline, column, profile;  // server names and the profile's
  std::vector<WhyVariant> variants;       // the groups' in the list's order, then all
  std::vector<std::string> cannot;        // groups with nothing made alike: "schema: ..."
  // Groups that differ and could be made alike but have no variant of their own (max_groups):
  // the all-alike variant still makes them alike, so their part is in the interaction.
  std::vector<std::string> left_out;
  std::string within{};  // by variable: the group split (its variants are one setting each)
  config::MatrixOverrides overrides;      // the second run: the parent matrix with these
};

struct WhyRequest {
  const config::Plan& plan;            // the finished run's, as it ran (its overrides applied)
  const Preflight& preflight;          // of that plan: each server's release
  const results::RunResults& results;  // its results: the instances' settings
  std::size_t server = 1;              // S, an index of plan.servers other than 0
  std::size_t profile = 0;             // P
  std::filesystem::path fragments;     // where the variants' my.cnf fragments are written
  // The most groups with a variant of their own: those with the largest expected effect
  // (kExpectedEffectOrder) first.
  std::size_t max_groups = SIZE_MAX;
  // "": a variant per differing group. A group's name: a variant per setting of that group
  // that differs and can be made alike, each computed alone (as if it were the only one that
  // differs), and the whole group alike in place of every group alike; at least two settings.
  std::string within{};
};

// The settings groups by the effect they are expected to have on a gap, largest first, from
// the splits measured on this project's machines (docs/why.md): snapshot isolation and the
// binary log made the largest shares, the tables' character set next, performance_schema
// little.
inline constexpr std::string_view kExpectedEffectOrder[] = {
    "concurrency", "durability", "schema", "instrumentation", "memory and logs", "query cache"};

// Plans the experiment and writes the fragments (by group, or within one group by variable).
// Fails when S is the baseline or unknown, a side's settings were not recorded, S runs on
// another host, or nothing of the listed settings differs (then there is nothing to split).
Expected<WhyPlan> plan_why(const WhyRequest& request);

}  // namespace versus::run
