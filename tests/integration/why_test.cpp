// explain: settings on a real run: MySQL 9.7 as shipped against MariaDB 10.11 on
// oltp_read_write. After the run, its second run (RUN/why-mysql-9.7/) adds a server per differing settings group (durability: MySQL's binary log with
// sync_binlog=1; instrumentation: performance_schema; the redo size and change buffering are
// set alike by the matrix, so memory and logs differs in nothing) and one with all of them
// alike, interleaved in the same rounds; the binary log's share of the gap is decided and
// positive (making it alike closes part of the gap), and the parts add up to the whole; the
// run's own reports lead with the split in every format. `versus why` on the baseline is
// refused. A column whose listed settings are the baseline's is refused
// (run/why_plan_test.cpp). [quiet]:
// its verdicts are statistics a busy machine disturbs; a second run only when the first leaves
// the binary log's share undecided (see the test).
#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "results/record/store.h"
#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

TEST_CASE("explain: settings splits MySQL 9.7's gap to MariaDB 10.11 by settings group",
          "[integration][why][quiet]") {
  TempDir tmp;
  const std::string text =
      "servers:\n  - name: mariadb-10.11\n    basedir: " +
      named_release_basedir("mariadb-10.11.19").string() +
      "\n  - name: mysql-9.7\n    basedir: " + named_release_basedir("mysql-9.7").string() +
      // MariaDB 10.11's redo size (innodb_log_file_size 96M) and change buffering.
      "\n    options: { innodb_redo_log_capacity: 96M, innodb_change_buffering: none }" +
      // equalize: charset keeps the tables alike (latin1 on every release): no schema group.
      "\nprofiles: [{ name: p, equalize: [charset] }]\n"
      "workloads: [oltp_read_write]\nthreads: [4]\ntable_size: 1000\nwarmup: 300ms\n"
      "duration: 2s\nrepeats: 3\ncpu_probe: false\ninstance_cache: false\nexplain: variables\n";
  auto file = tmp.write("matrix.yaml", text);
  auto plan = run_versus({"plan", file.string()});
  CHECK(plan.output.find("explain: settings: then, for each of the 1 column") != std::string::npos);
  // The binary log's share is a real effect (x0.75-0.79, 40-50% of the gap here), decided at 5
  // rounds of 2 s in most runs; on a noisy machine (rounds apart by 20%) a run can leave it
  // undecided (at 1 s, one in two did). A second run is made only then, and the checks below
  // take the last: the test fails on power alone when both miss, the square of one run's chance.
  fs::path run;
  CommandResult parent;
  for (int attempt = 0; attempt < 2; ++attempt) {
    run = tmp.path() / ("r" + std::to_string(attempt));  // socket paths: under 107 bytes
    parent = run_versus({"run", file.string(), "-o", run.string()});
    INFO(parent.output);
    REQUIRE(parent.exit_code == 0);
    const auto first = nlohmann::json::parse(text_of(run / "why-mysql-9.7" / "why.json"));
    const auto& rows = first["rows"];
    if (rows.size() == 1 && rows[0]["split"] == true &&
        rows[0]["groups"][0]["share_decided"] == true)
      break;
    WARN("durability's share undecided in run " << attempt + 1 << " of at most 2");
  }

  auto baseline = run_versus({"why", run.string(), "--server", "mariadb-10.11"});
  CHECK(baseline.exit_code == 2);  // the baseline itself: nothing started
  CHECK_FALSE(fs::exists(run / "why-mariadb-10.11"));

  const fs::path dir = run / "why-mysql-9.7";
  const auto j = nlohmann::json::parse(text_of(dir / "why.json"));
  REQUIRE(j["rows"].size() == 1);
  const auto& row = j["rows"][0];
  INFO(row.dump(2));
  CHECK(row["rounds"].size() == 5);
  REQUIRE(row["split"] == true);  // MySQL 9.7 as shipped is decidedly slower here
  CHECK(row["whole"]["ratio"].get<double>() < 1);
  std::vector<std::string> groups;
  double shares = row["release"]["share"].get<double>() + row["interaction"]["share"].get<double>();
  for (const auto& g : row["groups"]) {
    groups.push_back(g["name"]);
    shares += g["share"].get<double>();
  }
  CHECK(shares == Approx(1).margin(1e-9));  // the parts add up to the whole, exactly
  CHECK(groups == std::vector<std::string>{"durability", "instrumentation"});
  const auto& durability = row["groups"][0];
  // The binary log with sync_binlog=1 costs MySQL 9.7 part of its gap: decided and positive.
  CHECK(durability["share_decided"] == true);
  CHECK(durability["share"].get<double>() > 0);
  CHECK(durability["share_ci"][0].get<double>() > 0);
  CHECK(durability["ratio"]["ratio"].get<double>() < 1);
  // The variants ran as servers of the second run, in its rounds.
  auto results = results::load_results(dir / "results.json");
  REQUIRE(results);
  CHECK(results->info.estimate == "paired");
  CHECK(std::find(results->info.servers.begin(), results->info.servers.end(),
                  "mysql-9.7.alike-durability") != results->info.servers.end());
  CHECK(std::find(results->info.servers.begin(), results->info.servers.end(),
                  "mysql-9.7.alike-all") != results->info.servers.end());
  for (const auto& c : results->cells)
    if (c.server == "mysql-9.7.alike-durability") CHECK(c.my_cnf.find("disable-log-bin") != std::string::npos);
  // Server options only: each variant's instance is a copy of the column's, restarted, its
  // settings read on the copy (the binary log off where durability is alike).
  int copies = 0;
  for (const auto& size : results->data_sizes) {
    INFO(size.server);
    const bool variant = size.server.rfind("mysql-9.7.alike-", 0) == 0;
    CHECK(size.data_from == (variant ? "mysql-9.7" : ""));
    copies += variant;
    if (size.server == "mysql-9.7") CHECK(size.settings.at("log_bin") == "ON");
    if (size.server == "mysql-9.7.alike-durability") CHECK(size.settings.at("log_bin") == "OFF");
    if (variant) CHECK_FALSE(size.plans.empty());
  }
  CHECK(copies == 3);  // durability, instrumentation, all alike
  CHECK(text_of(dir / "why.txt").find("What makes the difference: mysql-9.7 against mariadb-10.11") == 0);
  // The run's own reports lead with the split, in every format, and agree with why.json.
  const std::string title = "What makes the difference: mysql-9.7 against mariadb-10.11 (p)";
  CHECK(parent.output.find(title) != std::string::npos);
  for (const char* name : {"comparison.md", "report.html"})
    CHECK(text_of(run / name).find(title) != std::string::npos);
  const auto report = nlohmann::json::parse(text_of(run / "comparison.json"));
  REQUIRE(report["why"]["splits"].size() == 2);  // by group, then durability by setting
  CHECK(report["why"]["splits"][0]["rows"][0]["groups"][0]["share"] == durability["share"]);
  CHECK(text_of(run / "why.csv").find("mysql-9.7,mariadb-10.11,p,oltp_read_write,innodb,1000,4,5,"
                                      "durability,") != std::string::npos);
  CHECK(text_of(run / "explain.json").find("\"skipped\": []") != std::string::npos);
  auto again = run_versus({"report", run.string()});
  CHECK(again.output.find(title) != std::string::npos);

  // explain: variables: durability's decided share split again by setting, in a run of its own.
  const fs::path within = run / "why-mysql-9.7-durability";
  const auto w = nlohmann::json::parse(text_of(within / "why.json"));
  REQUIRE(w["rows"].size() == 1);
  const auto& wrow = w["rows"][0];
  INFO(wrow.dump(2));
  std::vector<std::string> settings;
  double parts = wrow["release"]["share"].get<double>() + wrow["interaction"]["share"].get<double>();
  for (const auto& g : wrow["groups"]) {
    settings.push_back(g["name"]);
    parts += g["share"].get<double>();
  }
  CHECK(settings == std::vector<std::string>{"log_bin", "sync_binlog", "binlog_format"});
  CHECK(parts == Approx(1).margin(1e-9));
  CHECK(wrow["groups"][0]["share"].get<double>() > 0);  // the binary log off closes part of it
  CHECK(text_of(run / "comparison.md").find("What makes durability's part: mysql-9.7 against "
                                            "mariadb-10.11 (p)") != std::string::npos);
}

}  // namespace versus::testing
