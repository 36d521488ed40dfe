#pragma once
// RemoteSite: the other hosts a run's servers live on (hosts[], servers[].host), opened in
// preflight, before anything is started or recorded: each host's ssh master and agent
// (remote/remote_host.h), each of its servers' basedirs copied there (a cache keyed by content,
// kept between runs; a tree scripts/fetch-releases.sh staged is copied whole and its
// executables pointed at the copy's own loader: server/fetched_tree.h) and detected there by
// the agent (their libraries checked first, as the server's loader lists them).
// Closing it removes the run's directory on every host and ends every agent, whose servers
// are stopped then at the latest.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "config/plan/plan.h"
#include "remote/remote_host.h"
#include "results/record/record.h"
#include "server/release.h"
#include "util/expected.h"

namespace versus::remote {

class RemoteSite {
 public:
  // Nothing to open (a null site) when every server runs here. `releases` (by plan server index) of
  // the servers on a host become their copies there. Errors name the server or host and what to do.
  static Expected<std::unique_ptr<RemoteSite>> open(const config::Plan& plan,
                                                    std::vector<server::Release>& releases);
  ~RemoteSite();
  RemoteSite(const RemoteSite&) = delete;
  RemoteSite& operator=(const RemoteSite&) = delete;

  RemoteHost* host_of(std::size_t server) const { return by_server_.at(server); }
  // Where run `run_id` keeps its instances on the host.
  std::string run_dir(const RemoteHost& host, const std::string& run_id) const;
  // Makes run `run_id`'s directory on each host its agent's, where the servers it starts are
  // journalled; returns what the agents stopped of earlier runs whose agents were killed.
  Expected<std::vector<std::string>> claim(const std::string& run_id);
  // What results.json says of where the servers ran.
  void describe(results::RunInfo& info) const;
  // Each agent's log kept as `logs`/agent-<host>.log; the run's directory on each host removed
  // (its snapshots with it) unless `keep`.
  void finish(const std::string& run_id, bool keep, const std::filesystem::path& logs);

 private:
  RemoteSite() = default;
  Expected<void> copy_release(const config::Plan& plan, std::size_t server,
                              std::vector<server::Release>& releases);
  // The release at `basedir` on the server's host, which must be the one pf found here.
  Expected<void> detect_there(const config::Plan& plan, std::size_t server,
                              const std::string& basedir, std::vector<server::Release>& releases);

  std::filesystem::path scratch_;  // a local temp dir: the agent's bundle
  std::map<std::string, std::unique_ptr<RemoteHost>> hosts_;
  std::vector<RemoteHost*> by_server_;
};

}  // namespace versus::remote
