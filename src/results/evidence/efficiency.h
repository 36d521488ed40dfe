#pragma once
// Efficiency: what one transaction cost, from a cell's raw usage deltas (usage_record.h)
// divided by the transactions completed over the same interval (the snapshot interval's count,
// or in older results the measured interval's). Pure.
#include <optional>
#include <string>
#include <vector>

#include "results/record/record.h"

namespace versus::results {

struct Efficiency {
  double server_cpu_us = 0;  // server tree CPU (user + system), microseconds per transaction
  double client_cpu_us = 0;  // versus's own CPU, microseconds per transaction
  double switches = 0;       // server context switches (voluntary + involuntary) per transaction
  double read_kb = 0;        // KB (1024 bytes) the server read from storage per transaction
  double write_kb = 0;       // KB it wrote to storage per transaction
  // The storage engine's read requests per transaction: InnoDB's data file reads (SHOW GLOBAL
  // STATUS Innodb_data_reads over the interval, each a read(2) or an asynchronous read, the
  // page cache's hits included); none without that counter (older results, no InnoDB).
  std::optional<double> reads;
  double server_cpu_us_per_query = 0;  // server CPU per statement (queries as versus counts them)
  // What the kernel counted for the server's threads (usage.perf), per transaction: the task
  // clock in microseconds, cycles and instructions; none where not counted (no PMU, a remote
  // server, older results).
  std::optional<double> task_clock_us, cycles, instructions;
  std::vector<std::string> not_counted;  // why an event was not counted (usage.perf.unavailable)
};

// The denominator of every usage delta: usage.transactions, completed between the two
// snapshots, when recorded; else (older results) the measured interval's count.
double evidence_transactions(const CellRecord& cell);

// None when the cell has no usage figures (not measured, older results) or no transaction.
std::optional<Efficiency> efficiency_of(const CellRecord& cell);

// The field-by-field mean; none for an empty list.
std::optional<Efficiency> mean_efficiency(const std::vector<Efficiency>& runs);

// `value` / `baseline`, none when the baseline is 0 (no ratio to a cost that was zero).
std::optional<double> cost_ratio(double value, double baseline);

}  // namespace versus::results
