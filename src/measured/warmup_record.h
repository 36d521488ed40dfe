#pragma once
// WarmupRecord: how a cell's server was brought up to speed before its measured interval:
// the prewarm (load/probe/prewarm.h) and the warmup, fixed or until steady (load/drive/steady_state.h).
// Results written before it was recorded read with `recorded` false.
namespace versus::measured {

struct WarmupRecord {
  bool recorded = false;       // false: older results (nothing below is known)
  bool prewarm = false;        // the tables were read into the cache before the warmup
  double prewarm_seconds = 0;  // how long that took (wall clock)
  double seconds = 0;          // the warmup actually run (wall clock)
  bool until_steady = false;   // warmup: steady (else a fixed warmup)
  bool steady = false;         // warmup: steady, and the rule held before warmup_max
};

}  // namespace versus::measured
