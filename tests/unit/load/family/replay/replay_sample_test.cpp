#include "load/family/replay/replay_sample.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

using versus::load::replay::ends_transaction;
using versus::load::replay::LoggedQuery;
using versus::load::replay::ReplaySample;
using versus::load::replay::starts_transaction;

namespace {
LoggedQuery on(std::uint64_t connection, std::string text) {
  LoggedQuery q;
  q.connection = connection;
  q.text = std::move(text);
  return q;
}
}  // namespace

TEST_CASE("replay sample: whole connections, about 1 in N, the same for the same seed",
          "[replay][sample]") {
  // 2,000 connections of 3 statements each, interleaved as a log has them.
  auto kept = [](std::uint64_t one_in, std::uint64_t seed) {
    ReplaySample sample(one_in, seed);
    std::map<std::uint64_t, int> per_connection;
    for (int round = 0; round < 3; ++round)
      for (std::uint64_t c = 1; c <= 2000; ++c)
        per_connection[c] += sample.keep(on(c, "SELECT 1")) ? 1 : 0;
    return per_connection;
  };
  const auto a = kept(10, 7);
  int connections = 0;
  for (const auto& [c, n] : a) {
    CHECK((n == 0 || n == 3));  // never part of a connection
    connections += n == 3;
  }
  CHECK(connections > 150);  // 200 expected; a binomial's 4 standard deviations: 13.4 each
  CHECK(connections < 250);
  CHECK(kept(10, 7) == a);
  CHECK(kept(10, 8) != a);
  for (const auto& [c, n] : kept(1, 7)) CHECK(n == 3);
  for (const auto& [c, n] : kept(0, 7)) CHECK(n == 3);
}

TEST_CASE("replay sample: a file without connections is sampled by whole transactions",
          "[replay][sample]") {
  ReplaySample sample(3, 11);
  int transactions = 0, kept = 0;
  for (int t = 0; t < 3000; ++t) {
    const bool begin_kept = sample.keep(on(0, t % 2 ? "BEGIN" : "start  transaction"));
    const bool read_kept = sample.keep(on(0, "SELECT * FROM t WHERE id = 1 FOR UPDATE"));
    const bool savepoint_kept = sample.keep(on(0, "ROLLBACK TO SAVEPOINT s"));
    const bool end_kept = sample.keep(on(0, t % 3 ? "COMMIT" : "rollback work"));
    CHECK(begin_kept == read_kept);
    CHECK(read_kept == savepoint_kept);
    CHECK(savepoint_kept == end_kept);
    ++transactions;
    kept += begin_kept;
  }
  CHECK(kept > 850);  // 1,000 expected; 4 standard deviations: 26 each
  CHECK(kept < 1150);
  CHECK(transactions == 3000);
}

TEST_CASE("replay sample: what starts and ends a transaction", "[replay][sample]") {
  CHECK(starts_transaction("BEGIN"));
  CHECK(starts_transaction("  begin work"));
  CHECK(starts_transaction("START TRANSACTION READ ONLY"));
  CHECK_FALSE(starts_transaction("BEGINNING"));
  CHECK_FALSE(starts_transaction("SELECT 'BEGIN'"));
  CHECK(ends_transaction("COMMIT"));
  CHECK(ends_transaction("ROLLBACK"));
  CHECK(ends_transaction("rollback work"));
  CHECK_FALSE(ends_transaction("ROLLBACK TO SAVEPOINT s"));
  CHECK_FALSE(ends_transaction("ROLLBACK WORK TO s"));
  CHECK_FALSE(ends_transaction("COMMITTED"));
}
