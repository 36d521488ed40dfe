#include "server/account.h"

#include <fstream>

namespace versus::server {

std::string random_password() {
  std::ifstream urandom("/dev/urandom", std::ios::binary);
  unsigned char bytes[12] = {};
  urandom.read(reinterpret_cast<char*>(bytes), sizeof bytes);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

Expected<void> create_account(client::Connection& admin, const VersionInfo& info,
                              const std::string& user, const std::string& password,
                              const std::vector<std::string>& hosts, bool grant_option) {
  // MySQL 8 no longer creates users in GRANT; everything older has no CREATE USER IF NOT EXISTS.
  bool create_first = info.flavour == Flavour::mariadb || info.version >= Version{5, 7, 0};
  const std::string option = grant_option ? " WITH GRANT OPTION" : "";
  for (const std::string& host : hosts) {
    std::string who = "'" + user + "'@'" + host + "'";
    std::string sql = create_first ? "CREATE USER " + who + " IDENTIFIED BY '" + password + "'"
                                   : "GRANT ALL ON *.* TO " + who + " IDENTIFIED BY '" +
                                         password + "'" + option;
    // The statement holds the password: the error quotes only the server's message.
    if (!admin.execute(sql)) return fail("creating the account " + user + ": " + admin.last_error());
    if (create_first && !admin.execute("GRANT ALL ON *.* TO " + who + option))
      return fail("granting the account " + user + ": " + admin.last_error());
  }
  return {};
}

Expected<void> create_bench_account(client::Connection& admin, const VersionInfo& info,
                                    const std::string& password) {
  return create_account(admin, info, kBenchUser, password, {"127.0.0.1", "localhost"});
}

}  // namespace versus::server
