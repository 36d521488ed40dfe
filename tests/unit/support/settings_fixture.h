#pragma once
// A run of MariaDB 10.11 (the baseline) and MySQL 9.7, each as shipped and equalized, with
// every instance's recorded settings (results.json data_sizes[]) as the releases report them:
// MySQL 9.7 as shipped logs (sync_binlog=1), runs performance_schema and creates utf8mb4
// tables; equalized, it runs as 10.11 does (its redo capacity set alike).
#include "results/record/record.h"
#include "support/cell_builder.h"

namespace versus::testing {

inline results::RunResults settings_fixture() {
  results::RunResults r;
  r.info = {"20260105-100000",
            "settings.yaml",
            "2026-01-05T10:00:00Z",
            "0.1.0",
            {"mariadb-10.11", "mysql-9.7"},
            {"as-shipped", "equalized"},
            {}};
  const double tps[2][2][2] = {{{810, 7400}, {812, 7390}}, {{640, 4900}, {770, 6650}}};
  const int threads[2] = {1, 16};
  for (int s = 0; s < 2; ++s)
    for (int p = 0; p < 2; ++p)
      for (int t = 0; t < 2; ++t)
        r.cells.push_back(CellBuilder(r.info.servers[s])
                              .profile(r.info.profiles[p])
                              .threads(threads[t])
                              .tps(tps[s][p][t])
                              .qps(tps[s][p][t] * 20)
                              .p95_ms(0.5 + 0.75 * threads[t]));
  const std::map<std::string, std::string> mariadb{{"log_bin", "OFF"},
                                                   {"sync_binlog", "0"},
                                                   {"binlog_format", "MIXED"},
                                                   {"performance_schema", "OFF"},
                                                   {"character_set_server", "latin1"},
                                                   {"collation_server", "latin1_swedish_ci"},
                                                   {"tx_isolation", "REPEATABLE-READ"},
                                                   {"innodb_snapshot_isolation", "OFF"},
                                                   {"innodb_log_file_size", "100663296"},
                                                   {"query_cache_type", "OFF"},
                                                   {"query_cache_size", "1048576"}};
  const std::map<std::string, std::string> mysql{{"log_bin", "ON"},
                                                 {"sync_binlog", "1"},
                                                 {"binlog_format", "ROW"},
                                                 {"performance_schema", "ON"},
                                                 {"character_set_server", "utf8mb4"},
                                                 {"collation_server", "utf8mb4_0900_ai_ci"},
                                                 {"transaction_isolation", "REPEATABLE-READ"},
                                                 {"innodb_log_file_size", "50331648"},
                                                 {"innodb_redo_log_capacity", "104857600"}};
  auto equalized = mysql;
  equalized["log_bin"] = "OFF";
  equalized["performance_schema"] = "OFF";
  equalized["character_set_server"] = "latin1";
  equalized["collation_server"] = "latin1_swedish_ci";
  equalized["innodb_redo_log_capacity"] = "100663296";
  for (int s = 0; s < 2; ++s)
    for (int p = 0; p < 2; ++p) {
      results::DataSizeRecord d;
      d.server = r.info.servers[s];
      d.profile = r.info.profiles[p];
      d.engine = "innodb";
      d.tables = 1;
      d.table_size = 10000;
      d.file_source = "files";
      const bool utf8 = s == 1 && p == 0;
      d.table_charset = utf8 ? "utf8mb4" : "latin1";
      d.table_collation = utf8 ? "utf8mb4_0900_ai_ci" : "latin1_swedish_ci";
      d.settings = s == 0 ? mariadb : p == 0 ? mysql : equalized;
      d.data_file_bytes = d.data_length = utf8 ? 9'437'184 : 2'621'440;
      r.data_sizes.push_back(d);
    }
  return r;
}

}  // namespace versus::testing
