#pragma once
// The `versus bench run` report of a measured::BenchRecord, as sysbench prints its summary
// (text) or as JSON (format "versus-bench/1"). Plain data in, text out; no measurement here.
#include <ostream>

#include "measured/bench_record.h"

namespace versus::report {

inline constexpr const char* kBenchFormat = "versus-bench/1";

void write_bench_text(std::ostream& out, const measured::BenchRecord& s);
// "[ 3s ] thds: 8 tps: 2401.32 qps: 48026.40 err/s: 0.00"
void write_bench_interval(std::ostream& out, const measured::BenchInterval& i);
// Pretty-printed (indent 2), ending in a newline.
void write_bench_json(std::ostream& out, const measured::BenchRecord& s);
// `versus bench check`: each condition checked (its rows breaking it, its time), then whether
// they all hold, as text or as JSON (workload, target, consistency, consistency_error).
void write_bench_check_text(std::ostream& out, const measured::BenchRecord& s);
void write_bench_check_json(std::ostream& out, const measured::BenchRecord& s);

}  // namespace versus::report
