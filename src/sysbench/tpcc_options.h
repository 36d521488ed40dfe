#pragma once
// TpccOptions: the choices that shape a TPC-C run beyond its scale, as the matrix keys name
// them (tpcc_home, tpcc_mix, tpcc_checks): where each transaction's home rows are drawn, which
// deck deals the transaction kinds, and which consistency conditions are checked after a
// cell. Plain values: config fills them, the tpcc family runs by them, results record them.
#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace versus::sysbench {

// per_transaction: each transaction draws its home warehouse (and Stock-Level's district)
// uniformly over all the warehouses; per_connection: each connection keeps one for the run.
enum class TpccHome { per_transaction, per_connection };
// standard: the specification's minimum mix, 45/43/4/4/4 in a deck of 100 cards (clause
// 5.2.3); hammerdb: HammerDB's and sysbench-tpcc's 10/10/1/1/1 in a deck of 23.
enum class TpccMix { standard, hammerdb };
// all: conditions 1-10; cheap: only those whose queries read neither order_line nor customer
// (load/family/tpcc/consistency.h), whose cost does not grow with the order lines.
enum class TpccChecks { all, cheap };

struct TpccOptions {
  TpccHome home = TpccHome::per_transaction;
  TpccMix mix = TpccMix::standard;
  TpccChecks checks = TpccChecks::all;
  friend bool operator==(const TpccOptions&, const TpccOptions&) = default;
};

inline constexpr std::size_t kTpccKinds = 5;  // New-Order, Payment, Order-Status, Delivery, Stock-Level
// Cards of each kind in one deck of `mix`, in that order.
const std::array<int, kTpccKinds>& tpcc_cards(TpccMix mix);

std::string_view tpcc_home_name(TpccHome h);
std::string_view tpcc_mix_name(TpccMix m);
std::string_view tpcc_checks_name(TpccChecks c);
std::optional<TpccHome> tpcc_home_from_name(std::string_view name);
std::optional<TpccMix> tpcc_mix_from_name(std::string_view name);
std::optional<TpccChecks> tpcc_checks_from_name(std::string_view name);
// Every name of each, in declaration order (validation messages, docs).
const std::vector<std::string_view>& tpcc_home_names();
const std::vector<std::string_view>& tpcc_mix_names();
const std::vector<std::string_view>& tpcc_checks_names();

}  // namespace versus::sysbench
