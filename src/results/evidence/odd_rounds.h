#pragma once
// OddRounds: the rounds of a cell whose TPS lies far from its other rounds', with what moved in
// them (the host's speed, other processes, the server's CPU per transaction, its background
// flushing and purge), so a reader can tell an odd round from an odd release. The estimates
// stay as documented: an odd round is named, never dropped. Pure.
#include <optional>
#include <vector>

#include "results/record/record.h"

namespace versus::results {

// A round is odd when its TPS lies more than kOddShare and more than kOddMads scaled median
// absolute deviations (1.4826 MAD, the standard deviation of a normal sample) from the median
// of the cell's ok rounds; it needs 3 or more of them. 15%: the quickstart's rounds on an idle
// 2-vCPU machine spread 1-10%, an odd one (1,483, 1,488 and 979 TPS) 34%.
inline constexpr double kOddShare = 0.15;
inline constexpr double kOddMads = 3;

// What one ok run of a cell shows beside its TPS: the host's speed, the share of the machine
// others took, the server's CPU per transaction, InnoDB's pages flushed and purge pages per
// transaction, and how much the purge fell behind (the undo history's growth over the
// round); none where not measured.
struct RoundFacts {
  int round = 0;  // CellRecord::repeat
  double tps = 0;
  std::optional<double> host_speed;     // usage.host_speed, else cpu_probe
  std::optional<double> others_share;   // results/evidence/interference.h
  std::optional<double> server_cpu_us;  // per transaction
  std::optional<double> flushed;        // Innodb_buffer_pool_pages_flushed per transaction
  // Growth of the undo history over the round (Innodb_history_list_length, or MySQL's
  // INNODB_METRICS trx_rseg_history_len): the purge falling behind when positive.
  std::optional<double> history_growth;
};

RoundFacts round_facts(const CellRecord& cell);

// An odd round and the other rounds' medians of each fact, for the words beside it.
struct OddRound {
  RoundFacts odd;
  RoundFacts typical;  // the medians of the cell's other rounds (round -1)
};

// The odd rounds of one cell's ok runs, in run order; none below 3 runs.
std::vector<OddRound> odd_rounds(const std::vector<RoundFacts>& runs);

}  // namespace versus::results
