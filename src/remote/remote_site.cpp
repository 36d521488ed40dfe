#include "remote/remote_site.h"

#include <fmt/format.h>
#include <stdlib.h>

#include "server/fetched_tree.h"
#include "util/log.h"
#include "util/whole_file.h"

namespace versus::remote {
namespace fs = std::filesystem;

namespace {
fs::path make_scratch() {
  char tmpl[] = "/tmp/versus-agent-XXXXXX";
  const char* dir = ::mkdtemp(tmpl);
  return dir ? fs::path(dir) : fs::path();
}

std::string server_text(const config::Plan& plan, std::size_t i) {
  return fmt::format("{}: servers[{}] ({})", plan.source.string(), i, plan.servers[i].name);
}
}  // namespace

RemoteSite::~RemoteSite() {
  hosts_.clear();  // each agent stops its servers as its session ends
  std::error_code ec;
  if (!scratch_.empty()) fs::remove_all(scratch_, ec);
}

std::string RemoteSite::run_dir(const RemoteHost& host, const std::string& run_id) const {
  return host.spec().workdir + "/runs/" + run_id;
}

// A tree scripts/fetch-releases.sh staged is copied whole (its libraries and loader lie beside
// the basedir) and made to run where it lands before the copy is complete.
Expected<void> RemoteSite::copy_release(const config::Plan& plan, std::size_t i,
                                        std::vector<server::Release>& releases) {
  const fs::path& basedir = plan.servers[i].basedir;
  RemoteHost& host = *by_server_[i];
  if (!plan.servers[i].host_basedir.empty())
    return detect_there(plan, i, plan.servers[i].host_basedir, releases);
  const auto tree = server::fetched_tree_of(basedir);
  if (!tree) {
    auto copy = host.copy_tree(basedir, "releases");
    if (!copy) return fail(copy.error().context(server_text(plan, i)));
    return detect_there(plan, i, *copy, releases);
  }
  const auto stamp = server::parse_fetched_stamp(
      read_whole_file(*tree / server::kFetchedStamp).value_or(std::string()));
  if (!stamp.relocatable)
    return fail(server_text(plan, i) + ": " + tree->string() +
                " was patched by an older scripts/fetch-releases.sh, with this machine's "
                "library paths: run scripts/fetch-releases.sh again to patch it for copies "
                "(docs/remote.md)");
  auto copy = host.copy_tree(
      *tree, "releases",
      [&](const std::string& arrived, const std::string& lands_at) -> Expected<void> {
        auto done = host.call("relocate_release", {{"tree", arrived}, {"to", lands_at}});
        if (!done) return fail(done.error());
        return {};
      });
  if (!copy) return fail(copy.error().context(server_text(plan, i)));
  fs::path within = basedir.lexically_normal();
  if (within.filename().empty()) within = within.parent_path();
  return detect_there(plan, i, *copy + "/" + within.filename().string(), releases);
}

Expected<void> RemoteSite::detect_there(const config::Plan& plan, std::size_t i,
                                        const std::string& basedir,
                                        std::vector<server::Release>& releases) {
  RemoteHost& host = *by_server_[i];
  auto found = host.call("check_release", {{"basedir", basedir}});
  auto release = found ? agent::release_from(found->at("release")) : fail(found.error());
  if (!release) return fail(release.error().context(server_text(plan, i)));
  if (release->info.text != releases[i].info.text)
    return fail(server_text(plan, i) + ": its copy on host " + host.spec().name + " says " +
                release->info.text + ", not " + releases[i].info.text);
  releases[i] = *release;
  return {};
}

Expected<std::unique_ptr<RemoteSite>> RemoteSite::open(const config::Plan& plan,
                                                       std::vector<server::Release>& releases) {
  if (plan.hosts.empty()) return std::unique_ptr<RemoteSite>();
  std::unique_ptr<RemoteSite> site(new RemoteSite);
  site->by_server_.assign(plan.servers.size(), nullptr);
  std::optional<AgentBundle> bundle;
  for (std::size_t i = 0; i < plan.servers.size(); ++i) {
    const config::HostSpec* spec = config::host_of(plan, i);
    if (spec == nullptr) continue;
    if (!site->hosts_.count(spec->name)) {
      if (!bundle) {
        site->scratch_ = make_scratch();
        auto made = make_agent_bundle(site->scratch_);
        if (!made) return fail(made.error());
        bundle = *made;
      }
      auto host = RemoteHost::open(*spec, *bundle);
      if (!host) return fail(host.error().context(plan.source.string()));
      site->hosts_[spec->name] = std::move(*host);
    }
    site->by_server_[i] = site->hosts_.at(spec->name).get();
    if (auto ok = site->copy_release(plan, i, releases); !ok) return fail(ok.error());
  }
  return site;
}

Expected<std::vector<std::string>> RemoteSite::claim(const std::string& run_id) {
  std::vector<std::string> stopped;
  for (auto& [name, host] : hosts_) {
    auto r = host->call("claim", {{"run_dir", run_dir(*host, run_id)}});
    if (!r) return fail(r.error());
    for (const auto& line : r->value("stopped", agent::Json::array()))
      stopped.push_back("host " + name + ": " + line.get<std::string>());
  }
  return stopped;
}

void RemoteSite::describe(results::RunInfo& info) const {
  if (hosts_.empty()) return;
  const RemoteHost& host = *hosts_.begin()->second;  // one host: config/reading/host_placement.h
  info.server_host = host.spec().name;
  info.server_address = host.address();
  info.server_machine = host.facts();
}

void RemoteSite::finish(const std::string& run_id, bool keep, const fs::path& logs) {
  for (auto& [name, host] : hosts_) {
    if (auto ok = write_file_atomically(logs / ("agent-" + name + ".log"), host->agent_log()); !ok)
      log::warn("host {}: cannot keep the agent's log: {}", name, ok.error().message);
    if (keep) continue;
    if (auto ok = host->call("remove", {{"path", run_dir(*host, run_id)}}); !ok)
      log::warn("host {}: {}", name, ok.error().message);
  }
}

}  // namespace versus::remote
