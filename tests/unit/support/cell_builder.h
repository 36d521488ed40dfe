#pragma once
// CellBuilder: the one way unit tests make a CellRecord. Starts from the coordinates most
// tests share (profile "default", engine innodb, workload oltp_read_write, 1 thread, repeat 0,
// status ok); a test sets what it is about, in any order:
//   CellRecord c = CellBuilder("a").threads(8).tps(100).qps(2000);
#include <cstdint>
#include <string>

#include "results/record/record.h"

namespace versus::testing {

class CellBuilder {
 public:
  explicit CellBuilder(const std::string& server) {
    c_.server = server;
    c_.profile = "default";
    c_.engine = "innodb";
    c_.workload = "oltp_read_write";
    c_.threads = 1;
  }
  CellBuilder& profile(const std::string& v) { return set(c_.profile, v); }
  CellBuilder& engine(const std::string& v) { return set(c_.engine, v); }
  CellBuilder& workload(const std::string& v) { return set(c_.workload, v); }
  CellBuilder& threads(int v) { return set(c_.threads, v); }
  CellBuilder& repeat(int v) { return set(c_.repeat, v); }
  CellBuilder& tables(int v) { return set(c_.tables, v); }
  CellBuilder& table_size(std::int64_t v) { return set(c_.table_size, v); }
  CellBuilder& transport(const std::string& v) { return set(c_.transport, v); }
  CellBuilder& status(results::CellStatus v) { return set(c_.status, v); }
  CellBuilder& tps(double v) { return set(c_.tps, v); }
  CellBuilder& qps(double v) { return set(c_.qps, v); }
  CellBuilder& p95_ms(double v) { return set(c_.latency.p95, v); }
  CellBuilder& p99_ms(double v) { return set(c_.latency.p99, v); }
  CellBuilder& cpu_probe(double v) { return set(c_.cpu_probe, v); }
  CellBuilder& server_version(const std::string& v) { return set(c_.server_version, v); }
  CellBuilder& ignored_errors(std::uint64_t v) { return set(c_.counters.ignored_errors, v); }
  CellBuilder& reconnects(std::uint64_t v) { return set(c_.counters.reconnects, v); }
  CellBuilder& transactions(std::uint64_t v) { return set(c_.counters.transactions, v); }
  // One statement class's count and total time (CellRecord::statements), in call order.
  CellBuilder& statement(const std::string& name, std::uint64_t count, double total_ms) {
    const double mean = count ? total_ms / static_cast<double>(count) : 0;
    c_.statements.push_back({name, count, total_ms, mean, mean, mean, mean});
    return *this;
  }

  const results::CellRecord& build() const { return c_; }
  operator results::CellRecord() const { return c_; }  // NOLINT: a builder converts

 private:
  template <class T, class V>
  CellBuilder& set(T& field, const V& value) {
    field = value;
    return *this;
  }
  results::CellRecord c_;
};

}  // namespace versus::testing
