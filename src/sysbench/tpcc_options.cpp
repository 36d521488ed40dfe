#include "sysbench/tpcc_options.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<TpccHome, 2> kHomes{
    {{{TpccHome::per_transaction, "per_transaction"}, {TpccHome::per_connection, "per_connection"}}}};
constexpr NameTable<TpccMix, 2> kMixes{
    {{{TpccMix::standard, "standard"}, {TpccMix::hammerdb, "hammerdb"}}}};
constexpr NameTable<TpccChecks, 2> kChecks{
    {{{TpccChecks::all, "all"}, {TpccChecks::cheap, "cheap"}}}};
}  // namespace

const std::array<int, kTpccKinds>& tpcc_cards(TpccMix mix) {
  static constexpr std::array<int, kTpccKinds> standard = {45, 43, 4, 4, 4};
  static constexpr std::array<int, kTpccKinds> hammerdb = {10, 10, 1, 1, 1};
  return mix == TpccMix::hammerdb ? hammerdb : standard;
}

std::string_view tpcc_home_name(TpccHome h) {
  return kHomes.name(h);
}
std::string_view tpcc_mix_name(TpccMix m) {
  return kMixes.name(m);
}
std::string_view tpcc_checks_name(TpccChecks c) {
  return kChecks.name(c);
}
std::optional<TpccHome> tpcc_home_from_name(std::string_view name) {
  return kHomes.find(name);
}
std::optional<TpccMix> tpcc_mix_from_name(std::string_view name) {
  return kMixes.find(name);
}
std::optional<TpccChecks> tpcc_checks_from_name(std::string_view name) {
  return kChecks.find(name);
}

const std::vector<std::string_view>& tpcc_home_names() {
  static const std::vector<std::string_view> names = kHomes.names();
  return names;
}
const std::vector<std::string_view>& tpcc_mix_names() {
  static const std::vector<std::string_view> names = kMixes.names();
  return names;
}
const std::vector<std::string_view>& tpcc_checks_names() {
  static const std::vector<std::string_view> names = kChecks.names();
  return names;
}

}  // namespace versus::sysbench
