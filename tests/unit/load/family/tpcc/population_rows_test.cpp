#include "load/family/tpcc/population_rows.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "load/family/tpcc/population.h"
#include "support/golden.h"

using namespace versus::load::tpcc;

namespace {
constexpr std::string_view kStamp = "2026-01-02 03:04:05";

std::vector<std::string> tab_fields(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line.substr(0, line.size() - 1));
  for (std::string f; std::getline(in, f, '\t');) out.push_back(f);
  return out;
}

std::string next_line(PopulationRows& rows) {
  char buf[PopulationRows::kMaxRowText];
  return std::string(buf, rows.write_line(buf));
}
}  // namespace

TEST_CASE("population rows: the first rows of every table, golden", "[load][tpcc][golden]") {
  std::string out;
  for (Table t : kTables) {
    out += "# " + std::string(table_name(t)) + " (" + std::string(column_list(t)) + ")\n";
    PopulationRows rows(t, 2, 1, kStamp);
    for (int i = 0; i < 3 && !rows.done(); ++i) out += next_line(rows);
    char buf[PopulationRows::kMaxRowText];
    PopulationRows tuples(t, 2, 1, kStamp);
    out += std::string(buf, tuples.write_tuple(buf)) + "\n";
  }
  versus::testing::check_golden("tpcc_population_rows.txt", out);
}

TEST_CASE("population rows: counts per warehouse and the orders they agree on", "[load][tpcc]") {
  CHECK(PopulationRows(Table::item, 0, 1, kStamp).rows() == 100000);
  CHECK(PopulationRows(Table::stock, 1, 1, kStamp).rows() == 100000);
  CHECK(PopulationRows(Table::customer, 1, 1, kStamp).rows() == 30000);
  CHECK(PopulationRows(Table::new_order, 1, 1, kStamp).rows() == 9000);
  PopulationRows orders(Table::orders, 1, 5, kStamp);
  PopulationRows lines(Table::order_line, 1, 5, kStamp);
  std::map<std::pair<int, int>, int> ol_cnt;  // (district, order) -> o_ol_cnt
  std::map<int, std::set<int>> customers;     // district -> o_c_id
  long long total = 0;
  while (!orders.done()) {
    const auto f = tab_fields(next_line(orders));
    REQUIRE(f.size() == 8);
    const int o = std::stoi(f[0]), d = std::stoi(f[1]);
    ol_cnt[{d, o}] = std::stoi(f[6]);
    total += std::stoi(f[6]);
    customers[d].insert(std::stoi(f[3]));
    CHECK((f[5] == "\\N") == (o >= kFirstNewOrder));  // o_carrier_id null when undelivered
  }
  for (const auto& [d, ids] : customers) CHECK(ids.size() == kCustomers);  // a permutation
  CHECK(lines.rows() == static_cast<std::uint64_t>(total));
  std::map<std::pair<int, int>, int> counted;
  while (!lines.done()) {
    const auto f = tab_fields(next_line(lines));
    REQUIRE(f.size() == 10);
    const int o = std::stoi(f[0]);
    ++counted[{std::stoi(f[1]), o}];
    CHECK((f[6] == "\\N") == (o >= kFirstNewOrder));  // ol_delivery_d
    CHECK((f[8] == "0.00") == (o < kFirstNewOrder));  // ol_amount
  }
  CHECK(counted == ol_cnt);
}

TEST_CASE("population rows: customers' last names and credit", "[load][tpcc]") {
  PopulationRows rows(Table::customer, 1, 9, kStamp);
  int bad_credit = 0;
  for (int i = 0; i < kCustomers; ++i) {
    const auto f = tab_fields(next_line(rows));
    REQUIRE(f.size() == 21);
    if (i < 1000) {
      char name[kMaxLastName];
      CHECK(f[5] == std::string(name, last_name(static_cast<std::uint32_t>(i), name)));
    }
    CHECK(f[12] == kStamp);
    CHECK(f[20].size() >= 300);
    CHECK(f[20].size() <= 500);
    bad_credit += f[13] == "BC";
  }
  CHECK(bad_credit > 300 - 70);  // 10% of 3000, 4 standard deviations
  CHECK(bad_credit < 300 + 70);
}
