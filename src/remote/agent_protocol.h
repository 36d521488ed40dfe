#pragma once
// The messages between `versus agent` (remote/agent.h), which runs on a server's host, and its
// client (remote/remote_host.h): one JSON object per line each way. A request is
// {"op": NAME, ...arguments}; its reply {"ok": true, ...results} or {"ok": false, "error": TEXT}.
// The conversions are pure, for tests: what one side writes the other reads back unchanged.
#include <nlohmann/json.hpp>
#include <string>

#include "results/record/record.h"
#include "server/release.h"
#include "util/expected.h"
#include "util/proc_usage.h"

namespace versus::remote::agent {

using Json = nlohmann::json;

Json release_json(const server::Release& release);
Expected<server::Release> release_from(const Json& j);

Json tree_json(const TreeSample& tree);
TreeSample tree_from(const Json& j);

Json host_times_json(const HostTimes& t);
HostTimes host_times_from(const Json& j);

// The machine's facts as results.json writes a "machine" (results/record/host_json.h declares
// its keys); reading checks them, its errors naming "facts.<key>".
Json facts_json(const results::MachineFacts& facts);
Expected<results::MachineFacts> facts_from(const Json& j);

Json ok_reply(Json results = Json::object());
Json error_reply(const std::string& message);

// The results of a reply line: its object without "ok", or its error as an Error (a line that
// is not a reply says so, quoting its start).
Expected<Json> reply_results(const std::string& line);

// The client's address from sshd's SSH_CONNECTION ("client port server port"); "" when unset.
std::string client_address(const char* ssh_connection);

}  // namespace versus::remote::agent
