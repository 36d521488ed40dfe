#include "remote/agent_protocol.h"

#include <catch2/catch.hpp>

namespace agent = versus::remote::agent;

TEST_CASE("agent protocol: a release reads back as written", "[run][agent]") {
  versus::server::Release r;
  r.basedir = "/srv/versus/releases/k";
  r.server_binary = "/srv/versus/releases/k/sbin/mariadbd";
  r.mysqld_safe = "/srv/versus/releases/k/bin/mysqld_safe";
  r.info = {versus::server::Flavour::mariadb, {10, 11, 19}, "10.11.19-MariaDB-0+deb12u1"};
  r.messages_dir = "/srv/versus/releases/k/share/mysql";
  auto back = agent::release_from(agent::Json::parse(agent::release_json(r).dump()));
  REQUIRE(back);
  CHECK(back->basedir == r.basedir);
  CHECK(back->server_binary == r.server_binary);
  CHECK(back->mysqld_safe == r.mysqld_safe);
  CHECK(back->info.flavour == versus::server::Flavour::mariadb);
  CHECK(back->info.version == r.info.version);
  CHECK(back->info.text == r.info.text);
  CHECK(back->messages_dir == r.messages_dir);
  CHECK(back->plugin_dir.empty());
  auto bad = agent::release_json(r);
  bad["flavour"] = "Oracle";
  CHECK_FALSE(agent::release_from(bad));
  CHECK_FALSE(agent::release_from(agent::Json::object()));
}

TEST_CASE("agent protocol: usage samples read back as written", "[run][agent]") {
  versus::TreeSample t;
  t.processes[41] = {1.5, 0.25, 10, 20, 30, 40, 1 << 20};
  t.threads[41] = {7, 3};
  t.threads[42] = {1, 0};
  const auto back = agent::tree_from(agent::Json::parse(agent::tree_json(t).dump()));
  REQUIRE(back.processes.size() == 1);
  CHECK(back.processes.at(41).user_s == 1.5);
  CHECK(back.processes.at(41).peak_rss_bytes == 1u << 20);
  CHECK(back.threads.at(41).voluntary == 7);
  CHECK(back.threads.at(42).involuntary == 0);
  const versus::HostTimes h{1, 2, 3, 4};
  const auto hb = agent::host_times_from(agent::host_times_json(h));
  CHECK(hb.ticked_busy_s == 1);
  CHECK(hb.steal_s == 4);
  versus::results::MachineFacts f{"Xeon", 2, "Linux 6.1", "performance", 1 << 30, "node1"};
  CHECK(agent::facts_json(f).dump() ==
        R"({"cores":2,"cpu_model":"Xeon","governor":"performance","hostname":"node1",)"
        R"("kernel":"Linux 6.1","memory_bytes":1073741824})");
  const auto fb = agent::facts_from(agent::Json::parse(agent::facts_json(f).dump()));
  REQUIRE(fb);
  CHECK(fb->cpu_model == "Xeon");
  CHECK(fb->memory_bytes == 1u << 30);
  CHECK(fb->hostname == "node1");
  const auto missing = agent::facts_from(agent::Json::object());
  REQUIRE_FALSE(missing);
  CHECK(missing.error().message == "facts.cpu_model: missing");
}

TEST_CASE("agent protocol: replies", "[run][agent]") {
  auto ok = agent::reply_results(agent::ok_reply({{"port", 3307}}).dump());
  REQUIRE(ok);
  CHECK(ok->value("port", 0) == 3307);
  CHECK_FALSE(ok->contains("ok"));
  auto err = agent::reply_results(agent::error_reply("no such server").dump());
  REQUIRE_FALSE(err);
  CHECK(err.error().message == "no such server");
  auto junk = agent::reply_results("Welcome to the machine");
  REQUIRE_FALSE(junk);
  CHECK(junk.error().message.find("not a reply") != std::string::npos);
  CHECK(agent::client_address("10.231.0.1 40000 10.231.0.2 22") == "10.231.0.1");
  CHECK(agent::client_address(nullptr).empty());
}
